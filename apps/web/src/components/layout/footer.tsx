import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { BrandLogo } from './brand-logo';

const columns = [
  {
    title: msg`Menu`,
    links: [
      { to: paths.home.getHref(), label: msg`Home` },
      { to: paths.products.getHref(), label: msg`Products` },
      { to: paths.payment.getHref(), label: msg`Your Cart` },
      { to: paths.history.getHref(), label: msg`History` },
      { to: paths.stores.getHref(), label: msg`Our Stores` },
    ],
  },
  {
    title: msg`Account`,
    links: [
      { to: paths.login.getHref(), label: msg`Login` },
      { to: paths.register.getHref(), label: msg`Sign Up` },
      { to: paths.user.getHref(), label: msg`My Profile` },
      { to: paths.forgotPassword.getHref(), label: msg`Forgot Password` },
    ],
  },
] as const;

export function Footer() {
  const { t } = useLingui();
  return (
    <footer className="border-t border-line bg-foam">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <BrandLogo />
          <p className="mt-4 text-sm leading-relaxed text-muted">
            <Trans>Coffee Shop is a store that sells some good meals, and especially coffee. We provide high quality beans.</Trans>
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title.id} aria-label={t(column.title)}>
            <h2 className="font-display text-base font-medium text-ink">{t(column.title)}</h2>
            <ul className="mt-4 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rounded text-sm text-muted hover:text-espresso">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-muted sm:px-6 lg:px-8">©2020 Coffee Shop</p>
      </div>
    </footer>
  );
}
