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

export interface UserTable {
  id: Generated<number>;
  /** Always lowercase: the unique index then makes addresses unique case-insensitively. */
  email: string;
  /** argon2id PHC string; null when the account only signs in through a provider. */
  password_hash: string | null;
  role: 'customer' | 'staff';
  phone: string;
  display_name: string;
  first_name: string;
  last_name: string;
  /** ISO date YYYY-MM-DD. */
  birth_date: string | null;
  gender: 'male' | 'female' | null;
  delivery_address: string;
  /** File name of the profile picture under the uploads directory. */
  photo: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the token; the token itself is only ever in the client's cookie. */
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute end of the session, whatever the activity. */
  expires_at: string;
}

export interface PasswordResetTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** A sign-in provider account (OpenID Connect) linked to a user; found by issuer + subject. */
export interface UserIdentityTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  /** The provider's email at the last sign-in (informational). */
  email: string;
  created_at: string;
  last_login_at: string;
}

export interface CartTable {
  id: Generated<number>;
  user_id: number;
  delivery_method: string;
  /** Shop-local 'YYYY-MM-DDTHH:mm'; null = as soon as possible. */
  scheduled_for: string | null;
  created_at: string;
  updated_at: string;
}

export interface CartItemTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  /** '' for a one-size product (so the unique (cart, product, size) index holds), else R, L or XL. */
  size_code: string;
  quantity: number;
  created_at: string;
  updated_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  user_id: number;
  status: string;
  payment_method: string;
  payment_status: string;
  payment_instructions: string | null;
  delivery_method: string;
  /** Shop-local 'YYYY-MM-DDTHH:mm' the customer gets the order. */
  scheduled_for: string;
  /** The same moment, ISO-8601 UTC. */
  scheduled_at: string;
  is_asap: number;
  address: string | null;
  subtotal_idr: number;
  tax_and_fees_idr: number;
  shipping_idr: number;
  total_idr: number;
  tax_rate_bp: number;
  item_count: number;
  placed_at: string;
  updated_at: string;
  paid_at: string | null;
  /** Set when the customer removes the order from the history; the shop still sees it. */
  hidden_by_customer_at: string | null;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  product_name: string;
  size_code: string | null;
  size_label: string | null;
  quantity: number;
  unit_price_idr: number;
  line_total_idr: number;
}

export interface OrderIdempotencyKeyTable {
  user_id: number;
  idempotency_key: string;
  order_id: number;
  request_hash: string;
  created_at: string;
}

export interface Database {
  products: ProductTable;
  product_sizes: ProductSizeTable;
  users: UserTable;
  sessions: SessionTable;
  password_reset_tokens: PasswordResetTokenTable;
  user_identities: UserIdentityTable;
  carts: CartTable;
  cart_items: CartItemTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_idempotency_keys: OrderIdempotencyKeyTable;
}
