import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useStores } from '../api/get-stores';
import { StoreForm } from './store-form';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; storeId: number };

/** Staff: the stores with their settings; one store (or a new one) is edited at a time. */
export function StoreAdmin() {
  const { t } = useLingui();
  const stores = useStores();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [saved, setSaved] = useState<string | null>(null);

  if (stores.isPending) return <Spinner label={t`Loading the stores`} className="mx-auto" />;
  if (stores.isError) {
    return <ErrorState title={t`We couldn't load the stores`} message={errorMessage(stores.error)} onRetry={() => void stores.refetch()} retrying={stores.isFetching} />;
  }
  const close = (message: string | null) => {
    setEditing({ kind: 'none' });
    setSaved(message);
  };

  return (
    <div className="flex flex-col gap-6">
      {saved && (
        <Alert tone="success" onClose={() => setSaved(null)}>
          {saved}
        </Alert>
      )}
      <ul className="flex flex-col gap-4">
        {stores.data.map((store) => {
          const storeName = store.name;
          return (
            <li key={store.id}>
              {editing.kind === 'edit' && editing.storeId === store.id ? (
                <StoreForm store={store} onSaved={(s) => {
                  const name = s.name;
                  close(t`${name} is saved.`);
                }} onCancel={() => close(null)} />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-4 rounded-3xl bg-white p-5 shadow-card">
                  <div>
                    <p className="font-display text-lg font-bold text-espresso">
                      {store.name}
                      {store.isDefault && <span className="ml-2 text-sm font-normal text-muted"><Trans>(default store)</Trans></span>}
                    </p>
                    <p className="text-sm text-muted">{store.address}</p>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => { setSaved(null); setEditing({ kind: 'edit', storeId: store.id }); }}>
                    <Trans>Edit {storeName}</Trans>
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {editing.kind === 'new' ? (
        <StoreForm onSaved={(s) => {
            const name = s.name;
            close(t`${name} is added: customers can choose it now.`);
          }} onCancel={() => close(null)} />
      ) : (
        <Button variant="primary" className="self-start" onClick={() => { setSaved(null); setEditing({ kind: 'new' }); }}>
          <Trans>Add a store</Trans>
        </Button>
      )}
    </div>
  );
}
