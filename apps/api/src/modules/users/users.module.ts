import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { createAttemptLimit } from '../../plugins/rate-limit.js';
import { userRoutes } from './users.routes.js';
import { createUserService, type UserService } from './users.service.js';

/** Accounts and profiles: owns `users`; its door is the user service. Needs the rate-limit plugin registered. */
export async function usersModule(app: FastifyInstance, ctx: ModuleContext): Promise<UserService> {
  const { config } = ctx;
  const users = createUserService({ db: ctx.db, uploadsDir: config.uploadsDir, now: ctx.now });
  // Picture uploads are counted per account, since decoding them is what costs.
  const photoUploads = createAttemptLimit(app, 'photo-uploads-by-account', {
    what: 'photo uploads',
    max: config.rateLimits.photoUploadsPerAccount,
    windowMs: config.rateLimits.pictureUploadWindowMs,
  });
  await app.register(userRoutes, { prefix: API_PREFIX, users, photoUploads });
  return users;
}
