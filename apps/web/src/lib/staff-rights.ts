import { staffMay, type StaffRight } from '@coffee/contract';
import { useLoginRecord } from './login-record';

/** Whether the signed-in account's staff role has `right` (contract STAFF_RIGHTS): what the screens offer. The API checks again. */
export function useStaffMay(right: StaffRight): boolean {
  const user = useLoginRecord();
  return user?.role === 'staff' && staffMay(user.staffRole, right);
}
