import { forbidden, unauthorized } from './errors.js';

export type Role = 'customer' | 'staff';

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
