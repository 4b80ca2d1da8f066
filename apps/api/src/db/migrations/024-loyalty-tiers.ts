import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Points tiers (modules/loyalty, decision 032): the owner's switch, the spend over the last 12 months that makes a
 * customer Gold, and Gold's earn rate (fewer rupiah per point). Defaults keep tiers off.
 */
export function loyaltyTiersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('loyalty_settings').addColumn('tiers_enabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('loyalty_settings').addColumn('tier_spend_idr', 'integer', (c) => c.notNull().defaultTo(1_000_000)).execute();
      await db.schema.alterTable('loyalty_settings').addColumn('tier_idr_per_point', 'integer', (c) => c.notNull().defaultTo(500)).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['tier_idr_per_point', 'tier_spend_idr', 'tiers_enabled']) await db.schema.alterTable('loyalty_settings').dropColumn(column).execute();
    },
  };
}
