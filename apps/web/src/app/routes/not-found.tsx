import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { buttonStyles } from '../../components/ui/button';
import spilledCup from '../../assets/not-found.svg';

export function NotFoundRoute() {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <title>{t`Page Not Found · Coffee Shop`}</title>
      <img src={spilledCup} alt="" className="w-64 sm:w-80" />
      <h1 className="mt-8 font-display text-espresso">
        <span className="block text-7xl font-bold sm:text-8xl">404</span>
        <span className="mt-2 block text-2xl font-medium sm:text-3xl">
          <Trans>Page Not Found</Trans>
        </span>
      </h1>
      <p className="mt-4 max-w-md text-muted">
        <Trans>The page you are looking for has been moved, removed, or never existed.</Trans>
      </p>
      <Link to={paths.home.getHref()} className={buttonStyles({ variant: 'accent', size: 'lg', className: 'mt-8' })}>
        <Trans>Back to Home</Trans>
      </Link>
    </div>
  );
}
