import { useId, useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Cart, Promotion, PromotionPicture } from '@coffee/contract';
import mothersDayArt from '../../../assets/coupon-mothers-day.svg';
import sundayCoffeeArt from '../../../assets/coupon-sunday-coffee.svg';
import halloweenArt from '../../../assets/coupon-halloween.svg';
import birthdayArt from '../../../assets/coupon-birthday.svg';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { money } from '../../../lib/money';
import { usePromotions } from '../api/get-promotions';

/** Each coupon picture with its card colour; dark text on every colour (contrast). */
const ART: Record<PromotionPicture, { src: string; colour: string }> = {
  'mothers-day': { src: mothersDayArt, colour: 'bg-[#A6CCA0]' },
  'sunday-coffee': { src: sundayCoffeeArt, colour: 'bg-[#F5C361]' },
  halloween: { src: halloweenArt, colour: 'bg-[#D9A98A]' },
  birthday: { src: birthdayArt, colour: 'bg-[#F3C1C6]' },
};

/**
 * The shop's terms, in the spec's words (Term and Condition of the Promo Today panel), always shown; a chosen coupon's
 * own terms (its days, hours, delivery method, member card) are listed beside them.
 */
const SHOP_TERMS = [
  msg`1 coupon per day`,
  msg`Dine in only`,
  msg`Buy 1 get 1 only for new user`,
  msg`Should make member card to apply coupon`,
];

/** What the customer reads once the coupon is on the cart: its discount, or what the cart still needs. */
function appliedMessage(cart: Cart): MessageDescriptor {
  const coupon = cart.coupon;
  if (!coupon) return msg`The coupon could not be put on your cart.`;
  const name = coupon.name;
  // The API's words, already in the screen's language.
  const problem = coupon.problem;
  if (problem) return msg`${name} is on your cart. ${problem}.`;
  const discount = money(coupon.discountIdr);
  return msg`${name} is on your cart: ${discount} off your order.`;
}

type PromoPanelProps = {
  /** Puts the coupon on the signed-in customer's cart; absent for a visitor, who is asked to sign in. */
  onApply?: ((code: string) => Promise<Cart>) | undefined;
};

/** Promo Today: the shop's coupons; Apply Coupon puts the chosen one on the cart, where the server checks its rules. */
export function PromoPanel({ onApply }: PromoPanelProps) {
  const { t } = useLingui();
  const promotions = usePromotions();
  const [selected, setSelected] = useState<number | null>(null);
  const [status, setStatus] = useState<{ text: string; signIn?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();
  const chosen = promotions.data?.find((p) => p.id === selected);
  const chosenName = chosen?.name ?? '';

  const apply = async () => {
    if (!chosen) return setStatus({ text: t`Choose a coupon first.` });
    const name = chosen.name;
    if (!chosen.code) return setStatus({ text: t`${name} applies by itself: nothing to do.` });
    if (!onApply) return setStatus({ text: t`Sign in to use a coupon: it goes on your cart.`, signIn: true });
    setBusy(true);
    try {
      setStatus({ text: t(appliedMessage(await onApply(chosen.code))) });
    } catch (error) {
      setStatus({ text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="promo-heading" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <h2 id="promo-heading" className="text-center font-display text-2xl font-bold text-espresso">
        <Trans>Promo Today</Trans>
      </h2>
      <p className="mx-auto mt-2 max-w-60 text-center text-sm text-muted"><Trans>Coupons will be updated every weeks. Check them out!</Trans></p>

      <fieldset className="mt-6">
        <legend className="sr-only"><Trans>Choose a coupon</Trans></legend>
        {promotions.isError && <p className="text-center text-sm text-muted"><Trans>The coupons could not be loaded. Please reload.</Trans></p>}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
          {(promotions.data ?? []).map((coupon: Promotion) => (
            <li key={coupon.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-2xl p-3 text-ink ring-offset-2 transition-shadow has-checked:ring-3 has-checked:ring-espresso has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-espresso',
                  ART[coupon.picture].colour,
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={coupon.id}
                  checked={selected === coupon.id}
                  onChange={() => {
                    setSelected(coupon.id);
                    setStatus(null);
                  }}
                  className="sr-only"
                />
                <img src={ART[coupon.picture].src} alt="" className="size-16 shrink-0 sm:size-18" />
                <span>
                  <span className="block font-display text-sm font-bold uppercase">{coupon.name}</span>
                  <span className="mt-0.5 block text-[0.8rem] leading-snug">{coupon.description}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <Button variant="primary" className="mt-6 w-full" disabled={busy} onClick={() => void apply()}>
        <Trans>Apply Coupon</Trans>
      </Button>
      <p role="status" className="mt-2 min-h-5 text-center text-sm text-espresso">
        {status?.text}
        {status?.signIn && (
          <>
            {' '}
            <Link to={paths.login.getHref(paths.products.getHref())} className="font-medium underline">
              <Trans>Sign in</Trans>
            </Link>
          </>
        )}
      </p>

      <div className="mt-4 text-sm text-muted">
        <h3 className="font-display font-bold text-ink"><Trans>Term and Condition</Trans></h3>
        <ol className="mt-2 list-inside list-decimal space-y-1" aria-label={t`Terms of every coupon`}>
          {SHOP_TERMS.map((term) => (
            <li key={term.id}>{t(term)}</li>
          ))}
        </ol>
        {chosen && (
          <>
            <h4 className="mt-3 font-display font-bold text-ink">{chosen.name}</h4>
            <ul className="mt-1 list-inside list-disc space-y-1" aria-label={t`Terms of ${chosenName}`}>
              {chosen.terms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
