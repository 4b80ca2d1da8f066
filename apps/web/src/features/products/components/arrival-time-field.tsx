import { useId } from 'react';

// Spec section 2: the arrival time hint is bounded 09:00-18:00.
export const EARLIEST_ARRIVAL = '09:00';
export const LATEST_ARRIVAL = '18:00';

export function isArrivalTimeAllowed(time: string): boolean {
  return time === '' || (time >= EARLIEST_ARRIVAL && time <= LATEST_ARRIVAL);
}

export function ArrivalTimeField({ value, onChange }: { value: string; onChange: (time: string) => void }) {
  const id = useId();
  const allowed = isArrivalTimeAllowed(value);
  return (
    <div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <label htmlFor={id} className="shrink-0 font-display text-base font-bold text-ink">
          Set time :
        </label>
        <input
          id={id}
          type="time"
          min={EARLIEST_ARRIVAL}
          max={LATEST_ARRIVAL}
          step={300}
          placeholder="Enter the time you'll arrived"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={`${id}-hint`}
          aria-invalid={!allowed}
          className="h-12 w-full rounded-2xl border-2 border-line bg-white px-4 text-ink focus:border-espresso focus:outline-none focus-visible:outline-2 focus-visible:outline-espresso aria-invalid:border-[#B42318] sm:max-w-56"
        />
      </div>
      <p id={`${id}-hint`} className={allowed ? 'mt-2 text-sm text-muted' : 'mt-2 text-sm font-medium text-[#B42318]'}>
        {allowed
          ? `Enter the time you'll arrive, between ${EARLIEST_ARRIVAL} and ${LATEST_ARRIVAL}.`
          : `We welcome arrivals between ${EARLIEST_ARRIVAL} and ${LATEST_ARRIVAL}. Please choose a time in that window.`}
      </p>
    </div>
  );
}
