import { Trans, useLingui } from '@lingui/react/macro';
import { ReconciliationView } from '../../features/reconciliation/components/reconciliation-view';

/** Owner (reports right): the payment service's charges of a day beside their orders. */
export function StaffReconciliationRoute() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`Reconciliation · Coffee Shop`}</title>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="mb-2 font-display text-3xl font-bold text-ink sm:text-4xl">
          <Trans>Reconciliation</Trans>
        </h1>
        <p className="mb-8 text-muted">
          <Trans>Every charge at the payment service on a day, beside its order. The ones that disagree come first.</Trans>
        </p>
        <ReconciliationView />
      </div>
    </>
  );
}
