import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';

/**
 * `products.promo_percent_off`: the percent taken off every size's price while the product is on promotion
 * (0 = no promotional price). Capped at 90 so a slip of the finger never gives a product away.
 */
export function promoPricesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('products')
        .addColumn('promo_percent_off', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`promo_percent_off >= 0 AND promo_percent_off <= 90`),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('products').dropColumn('promo_percent_off').execute();
    },
  };
}
