import { useLingui } from '@lingui/react/macro';
import { StaffTeam } from '../../features/staff-admin/components/staff-team';

/** Owner: the staff, their roles, invitations and the audit record (guarded by RequireStaff and the 'staff' right). */
export function StaffTeamRoute() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`Staff · Coffee Shop`}</title>
      <StaffTeam />
    </>
  );
}
