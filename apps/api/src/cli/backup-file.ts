import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { pidFileOf, type Config } from '../config.js';

/**
 * One backup is one SQLite file: the shop's database as SQLite's online backup copied it (a consistent snapshot,
 * taken while the shop keeps serving), plus two tables of its own: `backup_uploads` (every file under
 * DATA_DIR/uploads, path and bytes) and `backup_info`. `sqlite3 FILE` opens it; restore takes the two tables out.
 */
export const sqliteFileOf = (config: Config) => path.join(config.dataDir, 'coffee-shop.sqlite');
export const uploadsRootOf = (config: Config) => path.join(config.dataDir, 'uploads');

const POSTGRES_HINT =
  'DATABASE_URL is set: this shop runs on PostgreSQL. Back it up with pg_dump -Fc "$DATABASE_URL" -f shop.dump and restore with pg_restore --clean --if-exists -d "$DATABASE_URL" shop.dump (docs/operating.md); copy DATA_DIR/uploads yourself.';

export class BackupError extends Error {}

function* filesUnder(root: string, dir = root): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, full);
    else if (entry.isFile()) yield path.relative(root, full);
  }
}

/** Backs the running (or stopped) shop up into `target`; written beside it first, renamed when complete. */
export async function backupShop(config: Config, target: string): Promise<{ pages: number; uploads: number; bytes: number }> {
  if (config.databaseUrl) throw new BackupError(POSTGRES_HINT);
  const source = sqliteFileOf(config);
  if (!fs.existsSync(source)) throw new BackupError(`No shop database at ${source}: check DATA_DIR`);
  const destination = path.resolve(target);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial-${process.pid}`;
  fs.rmSync(partial, { force: true });

  const live = new SqliteDatabase(source, { fileMustExist: true });
  live.pragma('busy_timeout = 5000');
  let pages: number;
  try {
    // Every page in one step: a step reads one snapshot (WAL lets the shop keep writing meanwhile), where small
    // steps would start over each time an order is committed, and never finish under steady orders.
    const result = await live.backup(partial, { progress: () => 0x7fffffff });
    pages = result.totalPages;
  } finally {
    live.close();
  }

  const copy = new SqliteDatabase(partial);
  let uploads = 0;
  try {
    copy.exec(`
      create table backup_info (key text primary key, value text not null);
      create table backup_uploads (path text primary key, data blob not null);
    `);
    const info = copy.prepare('insert into backup_info (key, value) values (?, ?)');
    info.run('created_at', new Date().toISOString());
    info.run('source', source);
    // Files are written before the rows that name them, so every picture the snapshot refers to is here already.
    const root = uploadsRootOf(config);
    const insert = copy.prepare('insert into backup_uploads (path, data) values (?, ?)');
    copy.transaction(() => {
      for (const file of filesUnder(root)) {
        insert.run(file.split(path.sep).join('/'), fs.readFileSync(path.join(root, file)));
        uploads += 1;
      }
    })();
  } finally {
    copy.close();
  }
  fs.renameSync(partial, destination);
  return { pages, uploads, bytes: fs.statSync(destination).size };
}

/** Whether a shop answers on this configuration's port, or its pid file names a live process. */
export async function runningShop(config: Config): Promise<string | null> {
  const pidFile = pidFileOf(config.dataDir);
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
        return `a shop is running on this DATA_DIR (process ${pid}, ${pidFile})`;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EPERM') return `a shop is running on this DATA_DIR (process ${pid}, ${pidFile})`;
      }
    }
  }
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const answers = await new Promise<boolean>((resolve) => {
    const request = http.get({ host, port: config.port, path: '/health/live', timeout: 1_000 }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
  return answers && config.port !== 0 ? `something answers on http://${host}:${config.port} (PORT)` : null;
}

/**
 * Restores `from` into this configuration's DATA_DIR: the database (the current one is kept beside it, renamed)
 * and the uploads. Refuses while a shop runs there: it would keep writing into the file being replaced.
 */
export async function restoreShop(config: Config, from: string): Promise<{ uploads: number; keptAs: string | null }> {
  if (config.databaseUrl) throw new BackupError(POSTGRES_HINT);
  const running = await runningShop(config);
  if (running) throw new BackupError(`Refusing to restore: ${running}. Stop the shop first, then run the restore again.`);
  const backup = path.resolve(from);
  if (!fs.existsSync(backup)) throw new BackupError(`No backup at ${backup}`);

  fs.mkdirSync(config.dataDir, { recursive: true });
  const target = sqliteFileOf(config);
  const staging = `${target}.restoring-${process.pid}`;
  fs.copyFileSync(backup, staging);
  let uploads = 0;
  const db = new SqliteDatabase(staging, { fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The backup ${backup} is damaged (${String(check)}): choose another one`);
    const hasInfo = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'backup_info'").get();
    if (!hasInfo) throw new BackupError(`${backup} is not a backup made by npm run backup`);
    const root = uploadsRootOf(config);
    for (const row of db.prepare('select path, data from backup_uploads').iterate() as Iterable<{ path: string; data: Buffer }>) {
      const file = path.resolve(root, row.path);
      // Paths come from the file: never write outside the uploads folder.
      if (!file.startsWith(root + path.sep)) continue;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, row.data);
      uploads += 1;
    }
    db.exec('drop table backup_uploads; drop table backup_info;');
    db.exec('vacuum');
  } catch (err) {
    db.close();
    fs.rmSync(staging, { force: true });
    throw err;
  }
  db.close();

  let keptAs: string | null = null;
  if (fs.existsSync(target)) {
    keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target, keptAs);
  }
  // The old database's write-ahead log belongs to the old file: left here, SQLite would apply it to the new one.
  for (const suffix of ['-wal', '-shm']) {
    if (fs.existsSync(`${target}${suffix}`)) {
      if (keptAs) fs.renameSync(`${target}${suffix}`, `${keptAs}${suffix}`);
      else fs.rmSync(`${target}${suffix}`);
    }
  }
  fs.renameSync(staging, target);
  return { uploads, keptAs };
}
