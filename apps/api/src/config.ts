import path from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads process.env (STYLE.md: env parsed once, fails fast).
 * Each variable is checked here; a bad value stops start-up with one line naming it.
 */
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo menu into an empty database at start. */
  DEMO_DATA: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});

const ACCEPTS: Record<string, string> = {
  NODE_ENV: 'development, production or test',
  PORT: 'a whole number from 0 to 65535',
  HOST: 'a host name or IP address to listen on',
  DATA_DIR: 'a directory path',
  DATABASE_URL: 'a postgres:// or postgresql:// URL, or empty for the embedded SQLite file',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  DEMO_DATA: 'true or false',
};

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  demoData: boolean;
  /** Where uploaded and generated product pictures are kept: `<DATA_DIR>/uploads/images`. */
  uploadsDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid ${name}=${JSON.stringify(env[name] ?? '')}: expected ${ACCEPTS[name] ?? issue?.message ?? 'a valid value'}`,
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA,
    uploadsDir: path.join(dataDir, 'uploads', 'images'),
  };
}
