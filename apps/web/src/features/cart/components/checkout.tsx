import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { parseShopLocal, shopLocalToInstant } from '@coffee/contract';
import type { Cart, DeliveryMethod, Order, PaymentMethod, VaBank } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonStyles } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatShopTime, isOpenNow, nextOpenTime, schedulableDays } from '../../../lib/shop-time';
import { useCart } from '../api/get-cart';
import { usePlaceOrder } from '../api/place-order';
import { useSetCartDelivery } from '../api/set-cart-delivery';
import { useVisitorCartMergePending } from '../merge-visitor-cart';
import { dayOf, timeOf } from '../scheduled-time';
import { AddressCard, CheckoutCard, DeliveryCard, PaymentMethodCard } from './checkout-cards';
import type { CheckoutShop } from './checkout-cards';
import { OrderConfirmation } from './order-confirmation';
import { VaBankChoice } from './va-bank-choice';
import { OrderSummaryCard } from './order-summary-card';

/** Who the order goes to, from the profile (the route loads it). */
export type CheckoutProfile = { displayName: string; email: string; phone: string; deliveryAddress: string };

/** What a store and slot chooser gets; the app layer provides one (features/stores), so this feature never imports another. */
export type StoreChoiceProps = {
  method: DeliveryMethod;
  day: string;
  time: string;
  storeId: number | null;
  onStoreChange: (storeId: number) => void;
  onTimeChange: (time: string) => void;
  /** The shown store's hours on the chosen day, as delivery windows: the time field's hint and checks use them. */
  onStoreHours?: (windows: CheckoutShop['deliveryWindows']) => void;
};

type CheckoutProps = {
  profile: CheckoutProfile | undefined;
  profileLoading: boolean;
  shop: CheckoutShop | undefined;
  /** Absent: no store choice, the order goes to the default store. */
  StoreChoice?: ComponentType<StoreChoiceProps> | undefined;
  /** Shown on the thank-you under the order (the app passes "Tell me when it's ready", features/push). */
  AfterOrder?: ComponentType<{ order: Order }> | undefined;
  /** Rewards paid with points (features/loyalty); absent: no reward choice. */
  RewardChoice?: ComponentType<RewardChoiceProps> | undefined;
};

/** What a reward chooser gets: the cart's total, and where to tell the chosen reward with its server-priced total. */
export type RewardChoiceProps = {
  cartTotalIdr: number;
  onChange: (choice: { rewardId: number; totalIdr: number } | null) => void;
};

/** Checkout (/payment, 'Your Cart'): the cart, how and when, where, how to pay; then the order. */
export function Checkout({ profile, profileLoading, shop, StoreChoice, AfterOrder, RewardChoice }: CheckoutProps) {
  // Always fresh here: prices, sold-out lines and the delivery check may have changed since the cart was shown.
  const cart = useCart({ enabled: true, refetchOnMount: 'always' });
  const [placed, setPlaced] = useState<Order | null>(null);
  // Just signed in or up: the choices made as a visitor (lines, method, time) are on their way to the account's cart.
  const merging = useVisitorCartMergePending();

  let body: ReactNode;
  if (placed) body = <OrderConfirmation order={placed} AfterOrder={AfterOrder} />;
  else if (cart.isPending || merging) body = <Spinner label="Loading your cart" className="mx-auto text-white" />;
  else if (cart.isError) {
    body = (
      <ErrorState
        title="We couldn't load your cart"
        message={errorMessage(cart.error)}
        onRetry={() => void cart.refetch()}
        retrying={cart.isFetching}
        className="mx-auto max-w-xl"
      />
    );
  } else if (cart.data.lines.length === 0) body = <EmptyCart />;
  else {
    body = (
      <CheckoutForm
        // Remounted when the shop's hours arrive, so a time it cannot serve is replaced from the start.
        key={shop ? 'with-hours' : 'without-hours'}
        cart={cart.data}
        profile={profile}
        profileLoading={profileLoading}
        shop={shop}
        onPlaced={setPlaced}
        StoreChoice={StoreChoice}
        RewardChoice={RewardChoice}
      />
    );
  }

  return (
    <div className="on-dark relative isolate overflow-hidden bg-espresso-deep">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_15%_10%,rgb(255_186_51/0.16),transparent_40%),radial-gradient(circle_at_85%_80%,rgb(106_64_41/0.9),transparent_55%),linear-gradient(160deg,#2a1810,#4b2c1b_55%,#6a4029)]"
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {!placed && (
          <h1 className="mb-10 max-w-md font-display text-3xl leading-tight font-bold text-white sm:text-4xl">Checkout your item now!</h1>
        )}
        {body}
      </div>
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center rounded-3xl bg-white p-10 text-center shadow-card">
      <svg viewBox="0 0 96 96" aria-hidden="true" className="size-24">
        <circle cx="48" cy="48" r="46" fill="#FFF3D9" />
        <path d="M30 34h36l-3.5 36a5 5 0 0 1-5 4.5H38.5a5 5 0 0 1-5-4.5z" fill="#fff" stroke="#6A4029" strokeWidth="3" />
        <rect x="26" y="27" width="44" height="8" rx="4" fill="#6A4029" />
        <path d="M40 50h16" stroke="#FFBA33" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h2 className="mt-6 font-display text-2xl font-bold text-espresso">Your cart is empty</h2>
      <p className="mt-3 text-muted">Pick a coffee, a snack or both: they wait here until you check out.</p>
      <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'accent', className: 'mt-8 font-bold' })}>
        See the menu
      </Link>
    </div>
  );
}

type CheckoutFormProps = {
  cart: Cart;
  profile: CheckoutProfile | undefined;
  profileLoading: boolean;
  shop: CheckoutShop | undefined;
  onPlaced: (order: Order) => void;
  StoreChoice?: ComponentType<StoreChoiceProps> | undefined;
  RewardChoice?: ComponentType<RewardChoiceProps> | undefined;
};

function CheckoutForm({ cart, profile, profileLoading, shop: shopSettings, onPlaced, StoreChoice, RewardChoice }: CheckoutFormProps) {
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
  // The time the checkout chose for the customer because theirs could not be served (a sentence saying so).
  const [proposal, setProposal] = useState<string | null>(proposed ? proposalSentence(cart.deliveryMethod, proposed) : null);
  const [addressDraft, setAddressDraft] = useState<string | null>(null);
  const [editingAddress, setEditingAddress] = useState(false);
  const [addressError, setAddressError] = useState<string | null>(null);
  // With a payment gateway QRIS comes first (any e-wallet or bank app pays it); without one, Bank Account as before.
  const gateway = shop?.payments?.gateway ?? null;
  const [payment, setPayment] = useState<PaymentMethod>(gateway ? 'qris' : 'bank-account');
  const [bank, setBank] = useState<VaBank>('bca');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // The store the cart remembers (null: the default store, until the chooser names one).
  const [storeId, setStoreId] = useState<number | null>(cart.storeId);
  // The reward chosen, with the total the server priced it at (that total is the one agreed to).
  const [reward, setReward] = useState<{ rewardId: number; totalIdr: number } | null>(null);

  const saveDelivery = useSetCartDelivery();
  const placeOrder = usePlaceOrder();
  const latestSave = useRef(0);

  const address = addressDraft ?? profile?.deliveryAddress ?? '';
  const scheduledFor = time === '' ? null : `${day}T${time}`;

  const changeDelivery = (change: { method?: DeliveryMethod; day?: string; time?: string; storeId?: number }) => {
    const next = { method: change.method ?? method, day: change.day ?? day, time: change.time ?? time, storeId: change.storeId ?? storeId };
    if (change.storeId !== undefined) setStoreId(change.storeId);
    setProposal(null);
    // A new way to receive it "as soon as possible" while that way is closed: propose its next open time instead.
    if (change.method !== undefined && next.time === '' && shop && !isOpenNow(next.method, new Date(), shop)) {
      const open = nextOpenTime(next.method, new Date(), shop);
      if (open) {
        next.day = open.day;
        next.time = open.time;
        setProposal(proposalSentence(next.method, open));
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
          setProposal(proposalSentence(next.method, open));
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

  const confirm = () => {
    if (placeOrder.isPending) return;
    setFailure(null);
    setAddressError(null);
    const typedAddress = address.trim();
    placeOrder.mutate(
      {
        paymentMethod: payment,
        deliveryMethod: method,
        scheduledFor,
        // Door Delivery only; without one the server uses the profile's and says so when there is none.
        ...(method === 'door-delivery' && typedAddress !== '' ? { address: typedAddress } : {}),
        ...(storeId === null ? {} : { storeId }),
        ...(gateway && payment === 'bank-account' ? { bank } : {}),
        ...(reward ? { rewardId: reward.rewardId } : {}),
        // The total on screen: if the menu changed since, the shop refuses and the new figures are shown to confirm.
        expectedTotalIdr: reward?.totalIdr ?? cart.summary.totalIdr,
      },
      {
        onSuccess: (order) => {
          window.scrollTo({ top: 0 });
          // Paid through the gateway: the order's own page shows the QR, virtual account or card form, and turns Paid live.
          if (gateway && order.paymentStatus === 'awaiting-payment') void navigate(paths.order.getHref(order.id));
          else onPlaced(order);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.field : undefined;
          if (field === 'scheduledFor') setTimeError(error.message);
          else if (field === 'address') {
            setAddressError(error.message);
            setEditingAddress(true);
          } else setFailure(errorMessage(error));
        },
      },
    );
  };

  const orderable = cart.lines.some((line) => line.isAvailable);
  return (
    // One column no wider than the screen on a phone (minmax(0, 1fr)): an auto column grew to its widest content.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start">
      <OrderSummaryCard cart={cart} />
      <div className="flex min-w-0 flex-col gap-8">
        <DeliveryCard
          method={method}
          day={day}
          time={time}
          minDay={today}
          maxDay={lastDay}
          shop={shop}
          onChange={changeDelivery}
          // The refusal of the latest change, else whether the saved choice could be ordered right now.
          problem={timeError ?? (saveDelivery.isPending || proposal ? null : cart.deliveryProblem)}
          saving={saveDelivery.isPending}
        />
        {proposal && !timeError && (
          <Alert tone="info" onClose={() => setProposal(null)}>
            {proposal}
          </Alert>
        )}
        {StoreChoice && (
          <CheckoutCard title="Store and time" titleId="store-time-title">
            <StoreChoice
              method={method}
              day={day}
              time={time}
              storeId={storeId}
              // Saved to the cart, so the next visit opens on this store and its hours judge the time.
              onStoreChange={(next) => changeDelivery({ storeId: next })}
              onTimeChange={(next) => changeDelivery({ time: next })}
              onStoreHours={reportStoreHours}
            />
          </CheckoutCard>
        )}
        <AddressCard
          name={profile ? profile.displayName || profile.email : ''}
          phone={profile?.phone ?? ''}
          address={address}
          onAddressChange={(value) => {
            setAddressDraft(value);
            setAddressError(null);
          }}
          method={method}
          error={addressError}
          loading={profileLoading}
          editing={editingAddress}
          onEditingChange={setEditingAddress}
        />
        {RewardChoice && <RewardChoice cartTotalIdr={cart.summary.totalIdr} onChange={setReward} />}
        <PaymentMethodCard value={payment} onChange={setPayment} methods={shop?.payments?.methods}>
          {gateway && payment === 'bank-account' && <VaBankChoice value={bank} onChange={setBank} />}
          {failure && (
            <Alert tone="danger" onClose={() => setFailure(null)} className="mt-6">
              {failure}
            </Alert>
          )}
          <Button
            variant="primary"
            size="lg"
            shape="soft"
            onClick={confirm}
            disabled={placeOrder.isPending || saveDelivery.isPending || !orderable}
            aria-describedby={orderable ? undefined : 'nothing-to-order'}
            className="mt-6 w-full font-bold"
          >
            {placeOrder.isPending ? 'Placing your order…' : 'Confirm and pay'}
          </Button>
          {!orderable && (
            <p id="nothing-to-order" className="mt-3 text-sm text-muted">
              Nothing in your cart can be ordered right now.
            </p>
          )}
        </PaymentMethodCard>
      </div>
    </div>
  );
}

const RECEIVING: Record<DeliveryMethod, string> = {
  'door-delivery': 'We can deliver',
  'dine-in': 'You can dine in',
  'pick-up': 'You can pick up',
};

/** "We can deliver from Mon 30 Nov, 13:00: we picked that time for you. Change it below if you like." */
function proposalSentence(method: DeliveryMethod, open: { day: string; time: string }): string {
  return `${RECEIVING[method]} from ${formatShopTime(`${open.day}T${open.time}`)}: we picked that time for you. You can change it here.`;
}
