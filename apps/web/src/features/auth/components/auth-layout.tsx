import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import authScene from '../../../assets/auth-scene.svg';
import { BrandLogo } from '../../../components/layout/brand-logo';
import { LanguageSwitch } from '../../../components/layout/language-switch';
import { buttonStyles } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useReturnTo } from '../../../lib/return-to';

const OTHER_SCREENS = {
  login: { label: msg`Login`, href: (returnTo: string | null) => paths.login.getHref(returnTo) },
  register: { label: msg`Sign Up`, href: (returnTo: string | null) => paths.register.getHref(returnTo) },
} as const;

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  /** Top right, beside the brand: a button to the other screen (Sign Up on Login, Login on the others). */
  otherScreen: keyof typeof OTHER_SCREENS;
  children: ReactNode;
};

/**
 * The split screen of Login, Sign Up and the password screens: the drawn café scene on the
 * left, the brand on top of the form on the right. Phones see a strip of the scene above the form.
 */
export function AuthLayout({ title, subtitle, otherScreen, children }: AuthLayoutProps) {
  const other = OTHER_SCREENS[otherScreen];
  // Moving between Login and Sign Up keeps where the customer was going.
  const returnTo = useReturnTo();
  const { t } = useLingui();
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <div aria-hidden="true" className="relative h-32 overflow-hidden bg-espresso-deep sm:h-44 lg:h-auto">
        <img src={authScene} alt="" className="absolute inset-0 size-full object-cover object-[50%_62%] lg:object-center" />
      </div>
      <div className="flex min-w-0 flex-col px-5 pt-6 pb-12 sm:px-10 lg:px-16 lg:pt-10 xl:px-24">
        <header className="flex flex-wrap items-center justify-between gap-4">
          <BrandLogo />
          {/* No navigation bar on these screens: the language switch sits in this corner, beside the other screen's button. */}
          <div className="flex items-center gap-2">
            <LanguageSwitch />
            <Link to={other.href(returnTo)} className={buttonStyles({ variant: 'primary', size: 'sm', className: 'px-6' })}>
              {t(other.label)}
            </Link>
          </div>
        </header>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center pt-10 lg:max-w-lg">
          <h1 className="text-center font-display text-3xl font-bold text-espresso sm:text-4xl">{title}</h1>
          {subtitle && <p className="mt-3 text-center text-muted">{subtitle}</p>}
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </div>
  );
}
