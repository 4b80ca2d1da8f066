import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, restoreShop } from './backup-file.js';

const USAGE = `Restores a backup made by npm run backup into a stopped shop (its DATA_DIR); refuses while the shop runs.

  npm run restore -- --from backups/shop-2026-11-26.sqlite

The current database is kept beside the restored one (coffee-shop.sqlite.before-restore-<time>).`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.from) throw new BackupError(`--from FILE is required\n\n${USAGE}`);
  const done = await restoreShop(loadConfig(), values.from);
  console.log(
    `Restored ${values.from}: the database and ${done.uploads} uploaded files.${done.keptAs ? ` The previous database is kept as ${done.keptAs}.` : ''} Start the shop again.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
