import { Trans, useLingui } from '@lingui/react/macro';
import { StoreAdmin } from '../../features/stores/components/store-admin';
import { StoreRushControls } from '../../features/stores/components/store-rush-controls';

/** Staff: the stores' settings and rush control per store (guarded by RequireStaff; the API refuses customers too). */
export function StaffStoresRoute() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`Stores · Coffee Shop`}</title>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="mb-8 font-display text-3xl font-bold text-ink sm:text-4xl">
          <Trans>Stores</Trans>
        </h1>
        <section aria-labelledby="store-settings-title" className="mb-12">
          <h2 id="store-settings-title" className="mb-6 font-display text-2xl font-bold text-ink">
            <Trans>Settings</Trans>
          </h2>
          <StoreAdmin />
        </section>
        <section aria-labelledby="store-rush-title">
          <h2 id="store-rush-title" className="mb-6 font-display text-2xl font-bold text-ink">
            <Trans>Online orders now</Trans>
          </h2>
          <StoreRushControls />
        </section>
      </div>
    </>
  );
}
