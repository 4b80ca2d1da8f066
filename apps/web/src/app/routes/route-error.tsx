import { Component } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { buttonStyles } from '../../components/ui/button';

type BoundaryProps = { children: ReactNode; resetKey: string };
type BoundaryState = { failed: boolean; resetKey: string };

/** Draws RouteError in place of a screen that threw; a move to another address (`resetKey`) tries again. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Last line of defence: a screen that crashed or a page part that failed to download. */
export function RouteError() {
  const { t } = useLingui();
  return (
    <main className="grid min-h-dvh place-items-center bg-page px-4">
      <title>{t`Something went wrong · Coffee Shop`}</title>
      <div className="max-w-md rounded-3xl bg-white p-10 text-center shadow-card">
        <h1 className="font-display text-3xl font-bold text-espresso">
          <Trans>Something went wrong</Trans>
        </h1>
        <p className="mt-3 text-muted">
          <Trans>This page could not be shown. Reloading usually helps.</Trans>
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" onClick={() => window.location.reload()} className={buttonStyles({ variant: 'accent' })}>
            <Trans>Reload</Trans>
          </button>
          <Link to={paths.home.getHref()} reloadDocument className={buttonStyles({ variant: 'outline' })}>
            <Trans>Back to Home</Trans>
          </Link>
        </div>
      </div>
    </main>
  );
}
