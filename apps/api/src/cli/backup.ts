import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, backupShop } from './backup-file.js';

const USAGE = `Backs the shop up while it serves: the SQLite database (SQLite's online backup) and DATA_DIR/uploads, in one file.

  npm run backup -- --to backups/shop-2026-11-26.sqlite

Uses the server's configuration (DATA_DIR). On PostgreSQL (DATABASE_URL) use pg_dump instead (docs/operating.md).`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.to) throw new BackupError(`--to FILE is required\n\n${USAGE}`);
  const started = Date.now();
  const done = await backupShop(loadConfig(), values.to);
  console.log(
    `Backup written to ${values.to}: ${done.pages} database pages, ${done.uploads} uploaded files, ${(done.bytes / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
