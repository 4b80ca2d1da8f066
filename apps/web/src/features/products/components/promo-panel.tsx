import { useId, useState } from 'react';
import mothersDayArt from '../../../assets/coupon-mothers-day.svg';
import sundayCoffeeArt from '../../../assets/coupon-sunday-coffee.svg';
import halloweenArt from '../../../assets/coupon-halloween.svg';
import birthdayArt from '../../../assets/coupon-birthday.svg';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** Spec section 2 promo texts; the birthday coupon is ours, in the same spirit. Dark text on every colour (contrast). */
const COUPONS = [
  {
    id: 'mothers-day',
    title: "HAPPY MOTHER'S DAY!",
    text: 'Get one of our favorite menu for free!',
    art: mothersDayArt,
    colour: 'bg-[#A6CCA0]',
  },
  {
    id: 'sunday-morning',
    title: 'SUNDAY MORNING',
    text: 'Get a cup of coffee for free on Sunday morning. Only at 7 to 9 AM',
    art: sundayCoffeeArt,
    colour: 'bg-[#F5C361]',
  },
  {
    id: 'halloween',
    title: 'HAPPY HALLOWEEN!',
    text: 'Do you like chicken wings? Get 1 free chicken wings with any order!',
    art: halloweenArt,
    colour: 'bg-[#D9A98A]',
  },
  {
    id: 'birthday',
    title: 'HAPPY BIRTHDAY!',
    text: 'Celebrate with us: a free slice of cake in your birthday week!',
    art: birthdayArt,
    colour: 'bg-[#F3C1C6]',
  },
] as const;

type CouponId = (typeof COUPONS)[number]['id'];

export function PromoPanel() {
  const [selected, setSelected] = useState<CouponId | null>(null);
  const [status, setStatus] = useState('');
  const name = useId();

  const apply = () => {
    const coupon = COUPONS.find((c) => c.id === selected);
    setStatus(
      coupon
        ? `${coupon.title} coupon chosen. Show your member card at the counter to use it.`
        : 'Choose a coupon first.',
    );
  };

  return (
    <section aria-labelledby="promo-heading" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <h2 id="promo-heading" className="text-center font-display text-2xl font-bold text-espresso">
        Promo Today
      </h2>
      <p className="mx-auto mt-2 max-w-60 text-center text-sm text-muted">Coupons will be updated every weeks. Check them out!</p>

      <fieldset className="mt-6">
        <legend className="sr-only">Choose a coupon</legend>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
          {COUPONS.map((coupon) => (
            <li key={coupon.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-2xl p-3 text-ink ring-offset-2 transition-shadow has-checked:ring-3 has-checked:ring-espresso has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-espresso',
                  coupon.colour,
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={coupon.id}
                  checked={selected === coupon.id}
                  onChange={() => {
                    setSelected(coupon.id);
                    setStatus('');
                  }}
                  className="sr-only"
                />
                <img src={coupon.art} alt="" className="size-16 shrink-0 sm:size-18" />
                <span>
                  <span className="block font-display text-sm font-bold">{coupon.title}</span>
                  <span className="mt-0.5 block text-[0.8rem] leading-snug">{coupon.text}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <Button variant="primary" className="mt-6 w-full" onClick={apply}>
        Apply Coupon
      </Button>
      <p role="status" className="mt-2 min-h-5 text-center text-sm text-espresso">
        {status}
      </p>

      <div className="mt-4 text-sm text-muted">
        <h3 className="font-display font-bold text-ink">Terms and Condition</h3>
        {/* Spec section 9: the coupon rules. */}
        <ol className="mt-2 list-inside list-decimal space-y-1">
          <li>1 Coupon per day</li>
          <li>Dine in only</li>
          <li>Buy 1 get 1 only for new user</li>
          <li>Should make member card to apply coupon</li>
        </ol>
      </div>
    </section>
  );
}
