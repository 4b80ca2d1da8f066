import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { catalogueMigration } from './001-catalogue.js';
import { accountsMigration } from './002-accounts.js';
import { ordersMigration } from './003-orders.js';
import { oidcMigration } from './004-oidc.js';

/**
 * Numbered migrations, applied in name order. Listed here (not read from disk) so the compiled
 * server and the tests run exactly the same set. Add new ones at the end; never edit an applied one.
 */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-catalogue': catalogueMigration(dialect),
    '002-accounts': accountsMigration(dialect),
    '003-orders': ordersMigration(dialect),
    '004-oidc': oidcMigration(dialect),
  };
}
