import { useEffect } from 'react';
import { DELIVERY_METHOD_LABELS } from '@coffee/contract';
import type { DeliveryMethod, Store } from '@coffee/contract';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useStores } from '../api/get-stores';
import { useStoreSlots } from '../api/get-store-slots';

export type StoreSlotChooserProps = {
  method: DeliveryMethod;
  /** 'YYYY-MM-DD' on the store's clock. */
  day: string;
  /** 'HH:mm', or '' for as soon as possible. */
  time: string;
  storeId: number | null;
  onStoreChange: (storeId: number) => void;
  onTimeChange: (time: string) => void;
};

/**
 * Which store prepares the order and which slot: the stores that offer the method, the day's slots with how full
 * they are, and "as soon as possible" with its real time. Full and past slots cannot be chosen; a paused or busy
 * store says so.
 */
export function StoreSlotChooser({ method, day, time, storeId, onStoreChange, onTimeChange }: StoreSlotChooserProps) {
  const stores = useStores();
  const offering = (stores.data ?? []).filter((s) => s.deliveryMethods.includes(method));
  // The chosen store when it offers the method, else the default store's place in the list.
  const store: Store | undefined = offering.find((s) => s.id === storeId) ?? offering.find((s) => s.isDefault) ?? offering[0];
  const slots = useStoreSlots(store?.id ?? null, method, day);
  // The checkout sends the store shown here: the default one, or the first that offers the method.
  useEffect(() => {
    if (store && store.id !== storeId) onStoreChange(store.id);
  }, [store, storeId, onStoreChange]);

  if (stores.isPending) return <Spinner label="Loading the stores" />;
  if (!store) return <p className="text-sm text-muted">No store offers {DELIVERY_METHOD_LABELS[method]} online right now.</p>;

  const asap = slots.data?.asap ?? null;
  return (
    <div className="flex flex-col gap-4">
      <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
        Store
        <select
          value={store.id}
          onChange={(event) => onStoreChange(Number(event.target.value))}
          className="rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
        >
          {offering.map((s) => (
            <option key={s.id} value={s.id}>
              {`${s.name}${s.today.openNow ? '' : ' (closed now)'}`}
            </option>
          ))}
        </select>
      </label>
      <p className="text-sm text-muted">{store.address}</p>
      {slots.data?.notice && (
        <p role="status" className="rounded-2xl border border-crema bg-crema-soft px-4 py-3 text-sm text-espresso-deep">
          {slots.data.notice}
        </p>
      )}
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Time</legend>
        {slots.isPending ? (
          <Spinner label="Loading the times" />
        ) : (
          <div className="mt-2 flex flex-wrap gap-2">
            <SlotButton
              label={asap ? `As soon as possible (ready about ${asap.time})` : 'As soon as possible'}
              pressed={time === ''}
              disabled={asap === null}
              onClick={() => onTimeChange('')}
            />
            {(slots.data?.slots ?? []).map((slot) => (
              <SlotButton
                key={slot.startsAt}
                label={slot.taken >= slot.capacity ? `${slot.time} (full)` : slot.time}
                pressed={time === slot.time}
                disabled={!slot.orderable}
                onClick={() => onTimeChange(slot.time)}
              />
            ))}
          </div>
        )}
        {!slots.isPending && (slots.data?.slots.length ?? 0) === 0 && (
          <p className="mt-2 text-sm text-muted">No times are left on this day: choose another day.</p>
        )}
      </fieldset>
    </div>
  );
}

function SlotButton({ label, pressed, disabled, onClick }: { label: string; pressed: boolean; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'rounded-full border px-3 py-1.5 text-sm',
        pressed ? 'border-espresso bg-espresso text-white' : 'border-stone-300 bg-white text-ink',
        disabled && 'cursor-not-allowed opacity-50 line-through',
      )}
    >
      {label}
    </button>
  );
}
