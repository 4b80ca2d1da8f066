import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Translator } from '../lib/i18n.js';
import type { Mailer } from '../lib/mail.js';
import type { RedisLink } from '../lib/redis.js';

/**
 * What app.ts hands every module plugin (`modules/<name>/<name>.module.ts`): the shared plumbing. A module builds
 * its own repositories over `db`, registers its routes under API_PREFIX and answers its one service, which the
 * modules registered after it receive by name; none of them is given another module's repository.
 */
export interface ModuleContext {
  config: Config;
  db: Kysely<Database>;
  /** The clock of every service (tests pin it). */
  now: () => Date;
  mailer: Mailer;
  /** The shop's texts in each language (lib/i18n.ts): mails are written in their recipient's. */
  translator: Translator;
  log: FastifyBaseLogger;
  /** Shared with the other processes (REDIS_URL); absent: one process. */
  redis?: RedisLink | undefined;
}

export const API_PREFIX = '/api/v1';
