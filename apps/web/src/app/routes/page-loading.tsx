import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../components/ui/spinner';

export function PageLoading() {
  const { t } = useLingui();
  return (
    <div className="grid min-h-dvh place-items-center bg-page">
      <Spinner label={t`Loading the shop`} />
    </div>
  );
}
