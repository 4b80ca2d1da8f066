import path from 'node:path';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { Email, NewPassword, Phone, ROLES, type Role } from '@coffee/contract';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../lib/errors.js';
import { createUserService } from '../modules/users/users.service.js';

const USAGE = `Creates an account (staff accounts can only be made this way).

  npm run user:create -- --email a@b.c --password '...' --role staff [--phone '+62 812 ...']

  --email     the sign-in email (required)
  --password  8 to 128 characters, hard to guess; when left out it is read from standard input,
              which keeps it out of the shell history: printf '%s' "$PW" | npm run user:create -- --email ...
  --role      customer or staff (default: customer)
  --phone     mobile number (optional)

Uses the server's configuration (DATA_DIR, DATABASE_URL) and brings the database schema up to date first.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The value a contract schema accepts, or exit with the schema's message for that flag. */
function parseFlag<T>(flag: string, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) fail(`--${flag} ${result.error.issues[0]?.message ?? 'is invalid'}`);
  return result.data;
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', default: 'customer' },
        phone: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  if (!ROLES.includes(args.role as Role)) fail(`--role must be one of: ${ROLES.join(', ')}`);
  const role = args.role as Role;
  const email = parseFlag('email', Email, args.email);
  const rawPassword = args.password ?? (process.stdin.isTTY ? undefined : (await text(process.stdin)).replace(/\r?\n$/, ''));
  const password = parseFlag('password', NewPassword, rawPassword);
  const phone = args.phone === undefined ? '' : parseFlag('phone', Phone, args.phone);

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  // The same database the server opens (server.ts): DATABASE_URL, else the SQLite file in DATA_DIR.
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'coffee-shop.sqlite'),
  });
  try {
    await migrateToLatest(database);
    const users = createUserService({
      db: database.db,
      uploadsDir: config.uploadsDir,
      now: () => new Date(),
    });
    const created = await users.createUserAccount({ email, password, phone, role });
    if (!created) fail(`An account with the email ${email} already exists (${database.location}).`);
    console.log(`Created ${created.role} account #${created.id} for ${created.email} (${database.location}).`);
  } catch (err) {
    if (err instanceof AppError) fail(err.message.replace(/^password /, '--password '));
    throw err;
  } finally {
    await database.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
