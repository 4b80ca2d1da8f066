import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StaffRole } from '@coffee/contract';

/** The contract's STAFF_ROLE_LABELS (same English), in the screen's language: render with `t(ROLE_NAMES[role])`. */
export const ROLE_NAMES: Record<StaffRole, MessageDescriptor> = {
  owner: msg`Owner`,
  manager: msg`Manager`,
  barista: msg`Barista`,
};
