import { Trans, useLingui } from '@lingui/react/macro';
import { StoreMapFigure } from '../../features/home/components/store-map';
import { useStores } from '../../features/stores/api/get-stores';
import { StoreList } from '../../features/stores/components/store-list';

/** Our stores: a map with every store, then where they are, today's hours, open now, and whether ordering is paused. */
export function StoresRoute() {
  const { t } = useLingui();
  const stores = useStores();
  return (
    <>
      <title>{t`Our stores · Coffee Shop`}</title>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="mb-8 font-display text-3xl font-bold text-ink sm:text-4xl">
          <Trans>Our stores</Trans>
        </h1>
        {stores.data && stores.data.length > 0 && <StoreMapFigure stores={stores.data} className="mb-10" />}
        <StoreList />
      </div>
    </>
  );
}
