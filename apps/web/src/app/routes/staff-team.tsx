import { StaffTeam } from '../../features/staff-admin/components/staff-team';

/** Owner: the staff, their roles, invitations and the audit record (guarded by RequireStaff and the 'staff' right). */
export function StaffTeamRoute() {
  return (
    <>
      <title>Staff · Coffee Shop</title>
      <StaffTeam />
    </>
  );
}
