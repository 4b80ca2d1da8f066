import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { createAttemptLimit } from '../../plugins/rate-limit.js';
import { firstOwnerRoutes } from './first-owner.routes.js';
import { createFirstOwnerSetup, type FirstOwnerSetup } from './first-owner.service.js';
import { userRoutes } from './users.routes.js';
import { createUserService, type UserService } from './users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The first staff account's one-time setup links: server.ts prints one at start while the shop has no staff. */
    firstOwnerSetup: FirstOwnerSetup;
  }
}

/**
 * Accounts and profiles: owns `users` and `setup_links`; its door is the user service (and the first-owner setup,
 * decorated on the app for server.ts). Needs the rate-limit plugin registered.
 */
export async function usersModule(app: FastifyInstance, ctx: ModuleContext): Promise<UserService> {
  const { config } = ctx;
  const users = createUserService({ db: ctx.db, uploadsDir: config.uploadsDir, now: ctx.now });
  // Picture uploads are counted per account, since decoding them is what costs.
  const photoUploads = createAttemptLimit(app, 'photo-uploads-by-account', {
    what: /*i18n*/ 'photo uploads',
    max: config.rateLimits.photoUploadsPerAccount,
    windowMs: config.rateLimits.pictureUploadWindowMs,
  });
  await app.register(userRoutes, { prefix: API_PREFIX, users, photoUploads });
  const setup = createFirstOwnerSetup({ db: ctx.db, now: ctx.now });
  app.decorate('firstOwnerSetup', setup);
  await app.register(firstOwnerRoutes, { setup });
  return users;
}
