import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';

export function PromoBanner() {
  return (
    <section aria-labelledby="promo-banner-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="relative overflow-hidden rounded-3xl bg-white px-6 py-10 shadow-card sm:px-12 sm:py-14">
        <svg aria-hidden="true" viewBox="0 0 200 200" className="absolute -top-10 -right-10 hidden size-64 text-crema-soft md:block">
          <circle cx="100" cy="100" r="100" fill="currentColor" />
        </svg>
        <div className="relative flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="promo-banner-heading" className="font-display text-3xl font-bold text-ink sm:text-4xl">
              <Trans>Check our promo today!</Trans>
            </h2>
            <p className="mt-3 text-muted">
              <Trans>Let's see the deals and pick yours!</Trans>
            </p>
          </div>
          <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'accent', size: 'lg', className: 'shrink-0 font-bold' })}>
            <Trans>See Promo</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
