import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { UserService } from '../users/users.service.js';
import { registerAuditHook } from './audit-hook.js';
import { staffRoutes } from './staff.routes.js';
import { createStaffService, type StaffService } from './staff.service.js';

/**
 * Staff roles, invitations and the audit record: owns `staff_invitations` and `audit_records`; the roles themselves are
 * the users module's (`users.staff_role`). Registered before the modules whose routes it audits.
 */
export async function staffModule(app: FastifyInstance, ctx: ModuleContext & { users: UserService }): Promise<StaffService> {
  const staff = createStaffService({ db: ctx.db, users: ctx.users, mailer: ctx.mailer, translator: ctx.translator, publicUrl: ctx.config.publicUrl, now: ctx.now });
  registerAuditHook(app, staff);
  await app.register(staffRoutes, { prefix: API_PREFIX, staff });
  return staff;
}
