import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ComponentType, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Cart, DeliveryMethod, Order } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { buttonStyles } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCart } from '../api/get-cart';
import { usePlaceOrder } from '../api/place-order';
import { useVisitorCartMergePending } from '../merge-visitor-cart';
import { AddressCard, CheckoutCard, DeliveryCard } from './checkout-cards';
import type { CheckoutShop } from './checkout-cards';
import { OrderConfirmation } from './order-confirmation';
import { PaymentChoice, usePaymentChoice } from './payment-choice';
import { OrderSummaryCard } from './order-summary-card';
import { useDeliveryChoice } from './use-delivery-choice';

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
  const { t } = useLingui();

  let body: ReactNode;
  if (placed) body = <OrderConfirmation order={placed} AfterOrder={AfterOrder} />;
  else if (cart.isPending || merging) body = <Spinner label={t`Loading your cart`} className="mx-auto text-white" />;
  else if (cart.isError) {
    body = (
      <ErrorState
        title={t`We couldn't load your cart`}
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
          <h1 className="mb-10 max-w-md font-display text-3xl leading-tight font-bold text-white sm:text-4xl">
            <Trans>Checkout your item now!</Trans>
          </h1>
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
      <h2 className="mt-6 font-display text-2xl font-bold text-espresso">
        <Trans>Your cart is empty</Trans>
      </h2>
      <p className="mt-3 text-muted">
        <Trans>Pick a coffee, a snack or both: they wait here until you check out.</Trans>
      </p>
      <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'accent', className: 'mt-8 font-bold' })}>
        <Trans>See the menu</Trans>
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
  const delivery = useDeliveryChoice(cart, shopSettings);
  const { shop, reportStoreHours, today, lastDay, method, day, time, timeError, setTimeError, proposal, setProposal, storeId, saveDelivery, changeDelivery } = delivery;
  const [addressDraft, setAddressDraft] = useState<string | null>(null);
  const [editingAddress, setEditingAddress] = useState(false);
  const [addressError, setAddressError] = useState<string | null>(null);
  const paymentChoice = usePaymentChoice(shop);
  const { gateway, payment, bank } = paymentChoice;
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // The reward chosen, with the total the server priced it at (that total is the one agreed to).
  const [reward, setReward] = useState<{ rewardId: number; totalIdr: number } | null>(null);

  const placeOrder = usePlaceOrder();
  const { t } = useLingui();

  const address = addressDraft ?? profile?.deliveryAddress ?? '';
  const scheduledFor = time === '' ? null : `${day}T${time}`;

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
          <CheckoutCard title={t`Store and time`} titleId="store-time-title">
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
        <PaymentChoice
          shop={shop}
          choice={paymentChoice}
          failure={failure}
          onDismissFailure={() => setFailure(null)}
          onConfirm={confirm}
          placing={placeOrder.isPending}
          disabled={placeOrder.isPending || saveDelivery.isPending || !orderable}
          orderable={orderable}
        />
      </div>
    </div>
  );
}
