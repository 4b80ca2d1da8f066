import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../dialect.js';

/** An auto-numbered integer primary key, the one place the two dialects differ in DDL. */
export function idColumn(dialect: Dialect) {
  return (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
}

/** Current time as ISO-8601 UTC text, the storage format of every timestamp. */
export const nowIso = (): string => new Date().toISOString();
