import type { Role } from '@coffee/contract';
import { forbidden, unauthorized } from './errors.js';

/** Who is asking, as the session plugin resolved it from the cookie or the Bearer token. */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
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
  if (user.role !== 'staff') throw forbidden('Only shop staff can do this');
  return user;
}

/** A hook's `done` (Fastify's HookHandlerDoneFunction), named here so this module stays free of Fastify. */
type HookDone = (error?: Error) => void;

// onRequest hooks for routes: checked before the body is read, so a visitor gets 401 and a customer 403
// whatever they sent. Nothing to wait for, so they are plain callbacks (a throw becomes the error answer).
export function signedIn(request: HasUser, _reply: unknown, done: HookDone): void {
  requireUser(request);
  done();
}

export function staffOnly(request: HasUser, _reply: unknown, done: HookDone): void {
  requireStaff(request);
  done();
}
