import { useEffect } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELIVERY_METHOD_NAMES } from '../../../lib/contract-words';
import type { DayHours, DeliveryMethod, DeliveryWindow, ShopSettings, Slot, Store } from '@coffee/contract';
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
  /** Told the shown store's hours on the chosen day, whenever the store or the day changes. */
  onStoreHours?: (windows: ShopSettings['deliveryWindows']) => void;
};

const STORES_REFRESH_MS = 10_000;

/** ISO weekday (1 Monday ... 7 Sunday) of a 'YYYY-MM-DD' calendar day. */
const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** A store's weekly hours as one window: that day's hours (else the first day's), on the days it is open. */
function windowOf(week: readonly DayHours[], day: string): DeliveryWindow {
  const hours = week.find((h) => h.day === weekdayOf(day)) ?? week[0];
  return { days: week.map((h) => h.day), from: hours?.from ?? '00:00', to: hours?.to ?? '00:00' };
}

/** The store's own hours in the shop settings' shape: Dine in and Pick up follow its opening hours. */
export function storeWindows(store: Store, day: string): ShopSettings['deliveryWindows'] {
  const opening = windowOf(store.openingHours, day);
  return { doorDelivery: windowOf(store.deliveryHours, day), dineIn: opening, pickUp: opening };
}

/**
 * Which store prepares the order and which slot: the stores that offer the method, the day's slots with how full
 * they are, and "as soon as possible" with its real time. Full and past slots cannot be chosen; a paused or busy
 * store says so.
 */
export function StoreSlotChooser({ method, day, time, storeId, onStoreChange, onTimeChange, onStoreHours }: StoreSlotChooserProps) {
  const { t } = useLingui();
  // Asked again like the slots: the store list says which store is paused or closed now.
  const stores = useStores({ refetchInterval: STORES_REFRESH_MS });
  const offering = (stores.data ?? []).filter((s) => s.deliveryMethods.includes(method));
  // The chosen store when it offers the method, else the default store's place in the list.
  const store: Store | undefined = offering.find((s) => s.id === storeId) ?? offering.find((s) => s.isDefault) ?? offering[0];
  const slots = useStoreSlots(store?.id ?? null, method, day);
  // The checkout sends the store shown here: the default one, or the first that offers the method.
  useEffect(() => {
    if (store && store.id !== storeId) onStoreChange(store.id);
  }, [store, storeId, onStoreChange]);
  useEffect(() => {
    if (store && /^\d{4}-\d{2}-\d{2}$/.test(day)) onStoreHours?.(storeWindows(store, day));
  }, [store, day, onStoreHours]);

  if (stores.isPending) return <Spinner label={t`Loading the stores`} />;
  if (!store) {
    const methodName = t(DELIVERY_METHOD_NAMES[method]);
    return (
      <p className="text-sm text-muted">
        <Trans>No store offers {methodName} online right now.</Trans>
      </p>
    );
  }

  const asap = slots.data?.asap ?? null;
  const readyAbout = asap?.time;
  return (
    <div className="flex flex-col gap-4">
      <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
        <Trans>Store</Trans>
        <select
          value={store.id}
          onChange={(event) => onStoreChange(Number(event.target.value))}
          className="w-full min-w-0 rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
        >
          {offering.map((s) => {
            const storeName = s.name;
            return (
              <option key={s.id} value={s.id}>
                {s.paused ? t`${storeName} (not taking online orders)` : s.today.openNow ? storeName : t`${storeName} (closed now)`}
              </option>
            );
          })}
        </select>
      </label>
      <p className="text-sm text-muted">{store.address}</p>
      {slots.data?.notice && (
        <p role="status" className="rounded-2xl border border-crema bg-crema-soft px-4 py-3 text-sm text-espresso-deep">
          {slots.data.notice}
        </p>
      )}
      <fieldset>
        <legend className="text-sm font-semibold text-ink">
          <Trans>Time</Trans>
        </legend>
        {slots.isPending ? (
          <Spinner label={t`Loading the times`} />
        ) : (
          <div className="mt-2 flex flex-wrap gap-2">
            <SlotButton
              label={readyAbout ? t`As soon as possible (ready about ${readyAbout})` : t`As soon as possible`}
              pressed={time === ''}
              disabled={asap === null}
              onClick={() => onTimeChange('')}
            />
            {(slots.data?.slots ?? []).map((slot) => (
              <SlotButton
                key={slot.startsAt}
                label={slot.orderable ? slot.time : t(whyNot(slot, store))}
                pressed={time === slot.time}
                disabled={!slot.orderable}
                onClick={() => onTimeChange(slot.time)}
              />
            ))}
          </div>
        )}
        {!slots.isPending && (slots.data?.slots.length ?? 0) === 0 && (
          <p className="mt-2 text-sm text-muted">
            <Trans>No times are left on this day: choose another day.</Trans>
          </p>
        )}
      </fieldset>
    </div>
  );
}

/** A slot that cannot be chosen says why: full, the store paused, or too soon to prepare. */
function whyNot(slot: Slot, store: Store): MessageDescriptor {
  const time = slot.time;
  if (slot.taken >= slot.capacity) return msg`${time} (full)`;
  return store.paused ? msg`${time} (paused)` : msg`${time} (too soon)`;
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
