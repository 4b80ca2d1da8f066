import { useCallback, useEffect, useRef, useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { parseShopLocal, shopLocalToInstant } from '@coffee/contract';
import type { Cart, DeliveryMethod } from '@coffee/contract';
import { errorMessage } from '../../../lib/api-client';
import { formatShopTime, isOpenNow, nextOpenTime, schedulableDays } from '../../../lib/shop-time';
import { useSetCartDelivery } from '../api/set-cart-delivery';
import { dayOf, timeOf } from '../scheduled-parts';
import type { CheckoutShop } from './checkout-cards';

/**
 * How and when the order is received, and at which store: starts from the cart, proposes the next open time when the
 * cart's cannot be served, and saves every change back to the cart (only the latest answer speaks).
 */
export function useDeliveryChoice(cart: Cart, shopSettings: CheckoutShop | undefined) {
  // The chosen store's hours replace the default store's (GET /shop) once the store chooser reports them: every hint
  // and check of the time then speaks of the store that will prepare the order.
  const [storeWindows, setStoreWindows] = useState<CheckoutShop['deliveryWindows'] | null>(null);
  const shop = shopSettings && storeWindows ? { ...shopSettings, deliveryWindows: storeWindows } : shopSettings;
  const reportStoreHours = useCallback((windows: CheckoutShop['deliveryWindows']) => {
    setStoreWindows((current) => (JSON.stringify(current) === JSON.stringify(windows) ? current : windows));
  }, []);
  // Days on the shop's calendar: the API judges requested times by its clock, not the browser's.
  const { today, lastDay } = schedulableDays(new Date(), shop);
  // Starts from the cart (the product page saved the method and time there); edits are saved back at once.
  const [method, setMethod] = useState<DeliveryMethod>(cart.deliveryMethod);
  // Nobody is greeted with an error: when the cart's choice cannot be served (closed now, a time gone by), the
  // checkout starts from the next time that works, and says so. (The form is remounted once the shop's hours arrive.)
  const [proposed] = useState(() => (shop && cart.deliveryProblem !== null ? nextOpenTime(cart.deliveryMethod, new Date(), shop) : null));
  // Null until a day is chosen: today, which is known once the shop's settings are.
  const [chosenDay, setDay] = useState<string | null>(proposed?.day ?? (dayOf(cart.scheduledFor) || null));
  const day = chosenDay ?? today;
  const [time, setTime] = useState(proposed?.time ?? timeOf(cart.scheduledFor));
  const [timeError, setTimeError] = useState<string | null>(null);
  // The time the checkout chose for the customer because theirs could not be served (said in a sentence at render, so
  // it follows a change of language).
  const [proposition, setProposition] = useState<Proposition | null>(proposed ? { method: cart.deliveryMethod, ...proposed } : null);
  const { i18n } = useLingui();
  const proposal = proposition ? proposalSentence(proposition, i18n) : null;
  const setProposal = (value: null) => setProposition(value);
  // The store the cart remembers (null: the default store, until the chooser names one).
  const [storeId, setStoreId] = useState<number | null>(cart.storeId);
  const saveDelivery = useSetCartDelivery();
  const latestSave = useRef(0);

  const changeDelivery = (change: { method?: DeliveryMethod; day?: string; time?: string; storeId?: number }) => {
    const next = { method: change.method ?? method, day: change.day ?? day, time: change.time ?? time, storeId: change.storeId ?? storeId };
    if (change.storeId !== undefined) setStoreId(change.storeId);
    setProposition(null);
    // A new way to receive it "as soon as possible" while that way is closed: propose its next open time instead.
    if (change.method !== undefined && next.time === '' && shop && !isOpenNow(next.method, new Date(), shop)) {
      const open = nextOpenTime(next.method, new Date(), shop);
      if (open) {
        next.day = open.day;
        next.time = open.time;
        setProposition({ method: next.method, ...open });
      }
    }
    // A new way to receive it at a chosen time it does not serve (Door Delivery at 09:00): move to its next open time
    // from there, rather than keep a time the shop would refuse.
    if (change.method !== undefined && next.time !== '' && shop) {
      const local = parseShopLocal(`${next.day}T${next.time}`);
      const chosen = local ? shopLocalToInstant(local, shop.timeZone) : null;
      if (chosen && !isOpenNow(next.method, chosen, shop)) {
        const now = new Date();
        const open = nextOpenTime(next.method, chosen > now ? chosen : now, shop);
        if (open) {
          next.day = open.day;
          next.time = open.time;
          setProposition({ method: next.method, ...open });
        }
      }
    }
    setMethod(next.method);
    setDay(next.day);
    setTime(next.time);
    setTimeError(null);
    // Without a time the day does not count (as soon as possible); a half-typed day is not worth asking about.
    if (change.day !== undefined && next.time === '') return;
    if (next.time !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(next.day)) return;
    const save = ++latestSave.current;
    saveDelivery.mutate(
      { deliveryMethod: next.method, scheduledFor: next.time === '' ? null : `${next.day}T${next.time}`, storeId: next.storeId },
      // Only the answer to the latest choice speaks: an older refusal must not cover a newer, accepted time.
      { onError: (error) => save === latestSave.current && setTimeError(errorMessage(error)) },
    );
  };

  // The proposed time is saved to the cart like a choice of the customer's, once.
  useEffect(() => {
    if (!proposed) return;
    saveDelivery.mutate(
      { deliveryMethod: cart.deliveryMethod, scheduledFor: `${proposed.day}T${proposed.time}` },
      { onError: (error) => setTimeError(errorMessage(error)) },
    );
    // On mount only: later choices are the customer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { shop, reportStoreHours, today, lastDay, method, day, time, timeError, setTimeError, proposal, setProposal, storeId, saveDelivery, changeDelivery };
}

/** A time proposed because the cart's could not be served: how, and the day and time that work. */
type Proposition = { method: DeliveryMethod; day: string; time: string };

/** "We can deliver from Mon 30 Nov, 13:00: we picked that time for you. You can change it here." One sentence per method. */
function proposalSentence({ method, day, time }: Proposition, i18n: I18n): string {
  const when = formatShopTime(`${day}T${time}`);
  switch (method) {
    case 'door-delivery':
      return i18n._(msg`We can deliver from ${when}: we picked that time for you. You can change it here.`);
    case 'dine-in':
      return i18n._(msg`You can dine in from ${when}: we picked that time for you. You can change it here.`);
    case 'pick-up':
      return i18n._(msg`You can pick up from ${when}: we picked that time for you. You can change it here.`);
  }
}
