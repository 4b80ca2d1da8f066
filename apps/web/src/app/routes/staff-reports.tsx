import { useLingui } from '@lingui/react/macro';
import { ReportsScreen } from '../../features/reports/components/reports-screen';
import { useStores } from '../../features/stores/api/get-stores';

/** Owner: sales of a date range, per store or all, and their CSV (guarded by RequireStaff and the 'reports' right). */
export function StaffReportsRoute() {
  const { t } = useLingui();
  const stores = useStores();
  return (
    <>
      <title>{t`Reports · Coffee Shop`}</title>
      <ReportsScreen stores={stores.data ?? []} />
    </>
  );
}
