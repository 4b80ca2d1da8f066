import type { ReactNode } from 'react';
import type { Store } from '@coffee/contract';
import { useLingui } from '@lingui/react/macro';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useStores } from '../api/get-stores';

/** Every store in a list, one item each, once loaded; until then the spinner, or the error with a retry. */
export function StoresList({ className, errorClassName, item }: { className: string; errorClassName?: string; item: (store: Store) => ReactNode }) {
  const { t } = useLingui();
  const stores = useStores();
  if (stores.isPending) return <Spinner label={t`Loading the stores`} className="mx-auto" />;
  if (stores.isError) {
    return (
      <ErrorState
        title={t`We couldn't load the stores`}
        message={errorMessage(stores.error)}
        onRetry={() => void stores.refetch()}
        retrying={stores.isFetching}
        className={errorClassName}
      />
    );
  }
  return (
    <ul className={className}>
      {stores.data.map((store) => (
        <li key={store.id}>{item(store)}</li>
      ))}
    </ul>
  );
}
