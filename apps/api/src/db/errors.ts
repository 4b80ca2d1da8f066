/**
 * What a failed statement means, whichever database ran it: PostgreSQL answers with SQLSTATE codes, better-sqlite3
 * with SQLITE_* codes. Services and repositories ask here instead of reading driver codes themselves.
 */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

const driverError = (err: unknown): DriverError => (typeof err === 'object' && err !== null ? err : {});

/**
 * A unique index or primary key refused the row (two requests raced to write the same thing). With `index`, only
 * that index: PostgreSQL names it (`constraint`), SQLite lists its columns in the message (`table.column`), so
 * pass both forms, e.g. `{ postgres: 'products_live_name_key_idx', sqlite: 'products.name_key' }`.
 */
export function isUniqueViolation(err: unknown, index?: { postgres: string; sqlite: string }): boolean {
  const { code, constraint, message } = driverError(err);
  const text = typeof message === 'string' ? message : '';
  if (code === '23505') return !index || constraint === index.postgres || text.includes(index.postgres);
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return !index || text.includes(index.sqlite);
  return false;
}

