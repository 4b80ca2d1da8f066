import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import benefitsArt from '../../../assets/benefits.svg';

// Four benefit lines, as on the original home page. The original repeats "high quality beans"; the third line keeps
// that meaning in other words.
const BENEFITS = [
  msg`High quality beans`,
  msg`Healthy meals, you can request the ingredients`,
  msg`Freshly roasted, high quality beans in every cup`,
  msg`Free member card with a minimum purchase of IDR 200.000`,
] as const;

export function Benefits() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="benefits-heading" className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-20 sm:px-6 md:grid-cols-2 lg:gap-16 lg:px-8 lg:py-28">
      <img src={benefitsArt} alt={t`A latte, a fresh salad bowl and a jar of roasted coffee beans`} className="mx-auto w-full max-w-md md:max-w-none" />
      <div>
        <h2 id="benefits-heading" className="font-display text-3xl leading-tight font-bold text-ink sm:text-4xl">
          <Trans>We Provide Good Coffee and Healthy Meals</Trans>
        </h2>
        <p className="mt-5 leading-relaxed text-muted">
          <Trans>You can explore the menu that we provide with fun and have their own taste and make your day better.</Trans>
        </p>
        <ul className="mt-8 space-y-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit.id} className="flex items-start gap-3 text-ink">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 size-6 shrink-0">
                <circle cx="12" cy="12" r="12" fill="#2FAB73" />
                <path d="m7 12.5 3.2 3.2L17 9" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>{t(benefit)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
