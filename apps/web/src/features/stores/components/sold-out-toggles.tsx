import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useStores } from '../api/get-stores';
import { storeSoldOutQueryOptions, useSetStoreSoldOut, useStoreSoldOut } from '../api/store-sold-out';

/** A product as the toggles need it; `isSoldOut` is its own flag: sold out at every store. */
export type StockProduct = { id: number; name: string; isSoldOut: boolean };

/**
 * One "sold out here" toggle: pressed (filled) while the store has run out. Its words stay "Sold out" in both states,
 * as a toggle's name must (aria-pressed says which); its name holds them, for those who speak to it.
 */
function SoldOutSwitch({ label, soldOut, busy, onChange }: { label: string; soldOut: boolean; busy: boolean; onChange: (next: boolean) => void }) {
  return (
    <Button variant={soldOut ? 'primary' : 'outline'} size="sm" aria-pressed={soldOut} aria-label={label} disabled={busy} onClick={() => onChange(!soldOut)}>
      <Trans>Sold out</Trans>
    </Button>
  );
}

/**
 * Staff with the stock right, on the kitchen display: what the display's store has run out of, a switch per product.
 * A product sold out everywhere (its own flag, set in the menu) shows so, without a switch.
 */
export function SoldOutToggles({ storeId, storeName, products }: { storeId: number; storeName: string; products: readonly StockProduct[] }) {
  const { t } = useLingui();
  const list = useStoreSoldOut(storeId);
  const change = useSetStoreSoldOut();
  const [failure, setFailure] = useState<string | null>(null);
  if (list.isPending) return <Spinner label={t`Loading what ${storeName} has sold out`} />;
  if (list.isError) return <Alert tone="danger">{errorMessage(list.error)}</Alert>;
  const soldOut = new Set(list.data.productIds);
  const set = (productId: number, next: boolean) => {
    setFailure(null);
    change.mutate({ storeId, productId, soldOut: next }, { onError: (error) => setFailure(errorMessage(error)) });
  };
  return (
    <div>
      {failure && <Alert tone="danger" className="mb-3">{failure}</Alert>}
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label={t`Sold out at ${storeName}`}>
        {products.map((product) => {
          const productName = product.name;
          return (
            <li key={product.id} className="flex min-w-0 items-center justify-between gap-3 rounded-2xl bg-white px-4 py-2 shadow-card">
              <span className="min-w-0 break-words text-ink">{product.name}</span>
              {product.isSoldOut ? (
                <span className="shrink-0 text-sm text-muted"><Trans>Sold out everywhere</Trans></span>
              ) : (
                <SoldOutSwitch
                  label={t`${productName} sold out at ${storeName}`}
                  soldOut={soldOut.has(product.id)}
                  busy={change.isPending && change.variables.productId === product.id}
                  onChange={(next) => set(product.id, next)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The menu admin's part (a product's edit page): the product's switch at each store. */
export function ProductSoldOutByStore({ product }: { product: StockProduct }) {
  const { t } = useLingui();
  const stores = useStores();
  const lists = useQueries({ queries: (stores.data ?? []).map((store) => storeSoldOutQueryOptions(store.id)) });
  const change = useSetStoreSoldOut();
  const [failure, setFailure] = useState<string | null>(null);
  if (stores.isPending) return <Spinner label={t`Loading the stores`} />;
  if (stores.isError) return <Alert tone="danger">{errorMessage(stores.error)}</Alert>;
  if (product.isSoldOut) {
    return (
      <p className="text-muted">
        <Trans>Sold out at every store (the Sold out switch above). Turn it off to choose per store.</Trans>
      </p>
    );
  }
  const productName = product.name;
  return (
    <div>
      {failure && <Alert tone="danger" className="mb-3">{failure}</Alert>}
      <ul className="flex flex-col gap-2" aria-label={t`${productName} by store`}>
        {stores.data.map((store, i) => {
          const list = lists[i];
          const storeName = store.name;
          return (
            <li key={store.id} className="flex min-w-0 items-center justify-between gap-3 rounded-2xl bg-white px-4 py-2 shadow-card">
              <span className="min-w-0 break-words text-ink">{store.name}</span>
              {list?.data ? (
                <SoldOutSwitch
                  label={t`${productName} sold out at ${storeName}`}
                  soldOut={list.data.productIds.includes(product.id)}
                  busy={change.isPending && change.variables.storeId === store.id}
                  onChange={(next) => {
                    setFailure(null);
                    change.mutate({ storeId: store.id, productId: product.id, soldOut: next }, { onError: (error) => setFailure(errorMessage(error)) });
                  }}
                />
              ) : (
                <Spinner label={t`Loading ${storeName}`} />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
