import { useLingui } from '@lingui/react/macro';
import { OptionGroupsManager } from '../../features/menu-options/components/option-groups-manager';

/** Staff: the drink option groups (guarded by RequireStaff; the API refuses customers too). */
export function OptionGroupsRoute() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`Drink options · Coffee Shop`}</title>
      <OptionGroupsManager />
    </>
  );
}
