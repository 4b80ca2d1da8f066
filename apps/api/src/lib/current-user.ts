import { staffMay, type Role, type StaffRight, type StaffRole } from '@coffee/contract';
import { forbidden, unauthorized } from './errors.js';
import type { Text } from './i18n.js';

/** Who is asking, as the session plugin resolved it from the cookie or the Bearer token. */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  /** owner, manager or barista for a staff account; null for a customer. */
  staffRole: StaffRole | null;
  /** The id of the session row (not the token), so logout and password changes can revoke it. */
  sessionId: number;
}

/** Anything with the `user` the session plugin sets (a FastifyRequest); keeps services free of Fastify. */
export interface HasUser {
  user: SessionUser | null;
}

export function requireUser(request: HasUser): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireStaff(request: HasUser): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'staff') throw forbidden(/*i18n*/ 'Only shop staff can do this');
  return user;
}

const RIGHT_WORDS: Record<StaffRight, Text> = {
  orders: /*i18n*/ 'Only shop staff can do this',
  menu: /*i18n*/ 'Only a manager or the owner can change the menu',
  stock: /*i18n*/ 'Only a manager or the owner can change what is sold out',
  refunds: /*i18n*/ 'Only a manager or the owner can refund an order',
  stores: /*i18n*/ 'Only the owner can change the stores',
  coupons: /*i18n*/ 'Only the owner can change coupons and promotions',
  staff: /*i18n*/ 'Only the owner can manage the staff',
  reports: /*i18n*/ 'Only the owner can see the reports',
};

/** A staff member whose role has `right` (contract STAFF_RIGHTS); anyone else is refused with what they lack. */
export function requireStaffRight(request: HasUser, right: StaffRight): SessionUser {
  const user = requireStaff(request);
  if (!staffMay(user.staffRole, right)) throw forbidden(RIGHT_WORDS[right]);
  return user;
}

/** The onRequest hook of a staff route of one area: `onRequest: staffWith('menu')`. */
export function staffWith(right: StaffRight) {
  return (request: HasUser, _reply: unknown, done: HookDone): void => {
    requireStaffRight(request, right);
    done();
  };
}

/** A hook's `done` (Fastify's HookHandlerDoneFunction), named here so this module stays free of Fastify. */
type HookDone = (error?: Error) => void;

// onRequest hooks for routes: checked before the body is read, so a visitor gets 401 and a customer 403
// whatever they sent. Nothing to wait for, so they are plain callbacks (a throw becomes the error answer).
export function signedIn(request: HasUser, _reply: unknown, done: HookDone): void {
  requireUser(request);
  done();
}
