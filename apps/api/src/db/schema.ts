import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Conventions that keep one query path for SQLite and PostgreSQL:
 * - timestamps are ISO-8601 UTC text (they sort as text on both);
 * - flags are integers 0/1 (SQLite has no boolean type);
 * - money is integer rupiah.
 * Repositories map rows to the camelCase app types of @coffee/contract; no column name leaves them.
 */
export interface ProductTable {
  id: Generated<number>;
  name: string;
  description: string;
  category: string;
  price_idr: number;
  /** JSON array of file names under the uploads directory; the first is the main picture. */
  images: string;
  is_favorite: number;
  is_promo: number;
  is_sold_out: number;
  created_at: string;
  updated_at: string;
  /** Set instead of deleting, so past orders keep their product. */
  deleted_at: string | null;
}

export interface ProductSizeTable {
  product_id: number;
  code: string;
  price_idr: number;
}

export interface Database {
  products: ProductTable;
  product_sizes: ProductSizeTable;
}
