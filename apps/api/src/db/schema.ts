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
  /** Percent off every size's price while on promotion, 0..90; 0: no promotional price (migration 012). */
  promo_percent_off: Generated<number>;
  is_sold_out: number;
  created_at: string;
  updated_at: string;
  /** Set instead of deleting, so past orders keep their product. */
  deleted_at: string | null;
  /** The name with case and spacing ignored; unique among live products (migration 010). */
  name_key: string | null;
}

/** A customer's question from a product page ("Ask a Staff"), answered by staff. */
export interface QuestionTable {
  id: Generated<number>;
  product_id: number | null;
  product_name: string | null;
  user_id: number | null;
  name: string;
  contact: string;
  message: string;
  created_at: string;
  answered_at: string | null;
  answered_by: number | null;
}

/** A device that gets order notifications (modules/push); one row per push endpoint. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  created_at: string;
  last_sent_at: string | null;
}

/** A one-time link that creates the first staff account (modules/users/first-owner.*); the token's SHA-256 only. */
export interface SetupLinkTable {
  id: Generated<number>;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The owner's points settings (modules/loyalty): one row, id 1. */
export interface LoyaltySettingsTable {
  id: number;
  idr_per_point: number;
  expiry_days: number | null;
  /** Migration 024: tiers on (1) or off, the 12-month spend for Gold and Gold's rupiah per point. */
  tiers_enabled: number;
  tier_spend_idr: number;
  tier_idr_per_point: number;
  updated_at: string;
}

/** A customer's points balance; its row is the lock of their point moves. */
export interface LoyaltyAccountTable {
  user_id: number;
  balance: number;
  /** Points a cancel or refund could not take back because they were spent already. */
  shortfall: number;
  last_earned_at: string | null;
  updated_at: string;
}

/** One move of points: earned, taken-back, spent, returned or expired (signed `points`). */
export interface LoyaltyEntryTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  kind: string;
  points: number;
  shortfall: number;
  label: string;
  reward_id: number | null;
  discount_idr: number | null;
  created_at: string;
}

/** What points buy: a free drink (any size) or one option (an extra shot). */
export interface LoyaltyRewardTable {
  id: Generated<number>;
  name: string;
  points_cost: number;
  kind: string;
  option_name: string | null;
  is_active: number;
  created_at: string;
}

/** A drink as a customer configured it (size, options), saved with the heart (modules/favourites). */
export interface FavouriteDrinkTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  /** '' for a product sold in one size. */
  size_code: string;
  /** The option ids, sorted and comma-joined; '' for none. */
  option_ids: string;
  created_at: string;
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
  /** A staff account's role (migration 020); null for customers, and read as owner for a staff account without one. */
  staff_role: Generated<'owner' | 'manager' | 'barista' | null>;
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
  /** 1: mail the customer when an order is ready, on its way or cancelled by the shop (migration 011). */
  order_emails: Generated<number>;
  /** The language of the customer's mails and push notifications (migration 030); 'en' unless sign-up asked for 'id'. */
  language: Generated<'en' | 'id'>;
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

/** A forgot-password request waiting for the background worker (modules/auth: the reset queue). */
export interface PasswordResetRequestTable {
  id: Generated<number>;
  email: string;
  requested_at: string;
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
  /** The chosen store; null = the default store. */
  store_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface CartItemTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  /** '' for a one-size product (so the unique line index holds), else R, L or XL. */
  size_code: string;
  /** The chosen option ids, ascending and comma-separated; '' for none. */
  option_ids: string;
  /** The customer's note to the barista; '' for none. */
  barista_note: string;
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
  /** The lines' sum minus the coupon's `discount_idr` (so total = subtotal + tax + shipping holds in the database). */
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
  /** 'refund-due' once a paid order is cancelled, 'refunded' when staff paid it back; null otherwise. */
  refund_status: string | null;
  /** The store that prepares it (migration 008). */
  store_id: number | null;
  /** The slot it took, ISO-8601 UTC of the slot's start; null for orders placed before slots. */
  slot_at: string | null;
  /** The coupon's discount, whole rupiah, taken before tax (migration 009); `subtotal_idr` is after it. */
  discount_idr: Generated<number>;
  /** The coupon's name as it was when the order was placed; null without one. */
  coupon_name: string | null;
  /** While it waits for an online payment: the end of its payment window, ISO-8601 UTC (migration 018); else null. */
  payment_due_at: string | null;
}

/** One step of an order's history: placed, paid, preparing, ready, on-delivery, delivered, cancelled, refunded. */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  /** ISO-8601 UTC. */
  at: string;
  /** 'customer' | 'staff'; null for steps recorded before the history existed. */
  actor: string | null;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  product_name: string;
  size_code: string | null;
  size_label: string | null;
  quantity: number;
  /** Size price plus the chosen options' deltas. */
  unit_price_idr: number;
  line_total_idr: number;
  /** JSON array of the options as ordered: { optionId, groupId, group, name, priceDeltaIdr }. */
  options: string;
  barista_note: string;
  /** When the kitchen ticked the line made (migration 019); null: still to make. */
  done_at: Generated<string | null>;
}

/** A staff-defined set of choices (Milk, Sugar, Extra shot...): choose-one is 1..1, choose-many 0..n. */
export interface OptionGroupTable {
  id: Generated<number>;
  name: string;
  min_choices: number;
  max_choices: number;
  created_at: string;
  updated_at: string;
}

export interface OptionTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  /** Added to the unit price when chosen, in whole rupiah. */
  price_delta_idr: number;
  /** 0/1: chosen when the customer says nothing about the group. */
  is_default: number;
  position: number;
}

export interface ProductOptionGroupTable {
  product_id: number;
  group_id: number;
  position: number;
}

export interface OrderIdempotencyKeyTable {
  user_id: number;
  idempotency_key: string;
  order_id: number;
  request_hash: string;
  created_at: string;
}

export interface CartIdempotencyKeyTable {
  user_id: number;
  idempotency_key: string;
  request_hash: string;
  /** JSON array of the first answer's notes. */
  notes: Generated<string>;
  created_at: string;
}

/** A store; the JSON columns are parsed by the stores repository. */
export interface StoreTable {
  id: Generated<number>;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  phone: string;
  opening_hours: string;
  delivery_hours: string;
  closed_dates: string;
  delivery_methods: string;
  time_zone: string | null;
  slot_minutes: number;
  capacity_per_slot: string;
  lead_minutes: number;
  paused: number;
  paused_until: string | null;
  extra_prep_minutes: number;
  created_at: string;
  updated_at: string;
}

/** Orders taken by one slot of one store and method. */
export interface SlotCounterTable {
  store_id: number;
  delivery_method: string;
  slot_at: string;
  taken: number;
}

/** A promotion (coupon); the JSON columns are parsed by the promotions repository. */
export interface PromotionTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  picture: string;
  code: string | null;
  starts_on: string | null;
  ends_on: string | null;
  yearly_on: string | null;
  on_birthday: Generated<number>;
  weekdays: Generated<string>;
  from_time: string | null;
  to_time: string | null;
  delivery_methods: Generated<string>;
  audience: string;
  frequency: string;
  benefit: string;
  benefit_value: Generated<number>;
  target_product_id: number | null;
  target_category: string | null;
  is_active: Generated<number>;
  created_at: string;
}

/** The one coupon a customer's cart holds. */
export interface CartCouponTable {
  user_id: number;
  promotion_id: number;
  applied_at: string;
}

/** A coupon spent by an order; unique per (user, promotion, period). */
export interface PromotionRedemptionTable {
  id: Generated<number>;
  user_id: number;
  promotion_id: number;
  order_id: number;
  shop_date: string;
  period: string;
  discount_idr: number;
  created_at: string;
}

export interface MemberCardTable {
  user_id: number;
  number: string;
  issued_by: string;
  issued_at: string;
}

/** Where the refund of a bank-transfer order goes (migration 025); deleted once the refund is recorded. */
export interface RefundAccountTable {
  order_id: number;
  holder_name: string;
  bank: string;
  /** Digits only. */
  account_number: string;
  given_at: string;
}

/** One charge attempt at the payment gateway (migration 014); written before the gateway is called. */
export interface PaymentChargeTable {
  id: Generated<number>;
  order_id: number;
  /** The gateway's order_id: unique per attempt, so a retry after expiry or failure is a new charge. */
  reference: string;
  /** 1, 2...: unique per order, so two attempts made at once cannot both open a charge. */
  attempt: number;
  /** The gateway's payment type: qris, bank_transfer, credit_card, gopay, shopeepay. */
  method: string;
  bank: string | null;
  amount_idr: number;
  transaction_id: string | null;
  /** 'creating' until the gateway answered, then its transaction_status (pending, settlement...) or 'unavailable'. */
  gateway_status: string;
  fraud_status: string | null;
  qr_string: string | null;
  deep_link: string | null;
  va_number: string | null;
  redirect_url: string | null;
  expires_at: string | null;
  /** What happened, in customer words; null when nothing to say. */
  message: string | null;
  /** null, 'requested' (one refund call is under way), 'refunded', 'failed' (refund_failure says why). */
  refund_state: string | null;
  refund_failure: string | null;
  created_at: string;
  updated_at: string;
}

/** A mailed link that makes its holder a staff account with the role (migration 020). */
export interface StaffInvitationTable {
  id: Generated<number>;
  email: string;
  staff_role: 'owner' | 'manager' | 'barista';
  /** SHA-256 (hex) of the token; the token itself is only in the mail. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/** One change of a price, coupon, store, role or refund: who, when and what (migration 020). */
export interface AuditRecordTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_email: string;
  /** price | coupon | store | role | refund | stock. */
  kind: string;
  action: string;
}

/** A product sold out at one store (migration 027); `products.is_sold_out` is every store. */
export interface StoreSoldOutTable {
  store_id: number;
  product_id: number;
  created_at: string;
}

/**
 * The sales summary (migration 029, decision 035): paid orders not cancelled, added and taken away by the order moves.
 * `store_key` is the store, 0 an order without one, -1 every store together.
 */
export interface OrderSalesHourTable {
  store_key: number;
  /** 'YYYY-MM-DDTHH', UTC: the first 13 characters of `orders.paid_at`. */
  hour_utc: string;
  order_count: number;
  sales_idr: number;
  items: number;
  discount_idr: number;
  tax_idr: number;
  delivery_idr: number;
}

/** Per UTC day, store (never -1), payment method and channel. */
export interface OrderSalesDayTable {
  store_key: number;
  day_utc: string;
  payment_method: string;
  delivery_method: string;
  order_count: number;
  sales_idr: number;
}

/** Per UTC day, store and product: the lines' quantities and totals. */
export interface OrderSalesProductTable {
  store_key: number;
  day_utc: string;
  product_id: number;
  quantity: number;
  sales_idr: number;
}

export interface Database {
  staff_invitations: StaffInvitationTable;
  audit_records: AuditRecordTable;
  payment_charges: PaymentChargeTable;
  refund_accounts: RefundAccountTable;
  products: ProductTable;
  product_sizes: ProductSizeTable;
  users: UserTable;
  sessions: SessionTable;
  password_reset_tokens: PasswordResetTokenTable;
  password_reset_requests: PasswordResetRequestTable;
  user_identities: UserIdentityTable;
  carts: CartTable;
  cart_items: CartItemTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_idempotency_keys: OrderIdempotencyKeyTable;
  cart_idempotency_keys: CartIdempotencyKeyTable;
  order_events: OrderEventTable;
  option_groups: OptionGroupTable;
  options: OptionTable;
  product_option_groups: ProductOptionGroupTable;
  stores: StoreTable;
  slot_counters: SlotCounterTable;
  promotions: PromotionTable;
  cart_coupons: CartCouponTable;
  questions: QuestionTable;
  push_subscriptions: PushSubscriptionTable;
  setup_links: SetupLinkTable;
  promotion_redemptions: PromotionRedemptionTable;
  member_cards: MemberCardTable;
  loyalty_settings: LoyaltySettingsTable;
  loyalty_accounts: LoyaltyAccountTable;
  loyalty_entries: LoyaltyEntryTable;
  loyalty_rewards: LoyaltyRewardTable;
  favourite_drinks: FavouriteDrinkTable;
  store_sold_out: StoreSoldOutTable;
  order_sales_hours: OrderSalesHourTable;
  order_sales_days: OrderSalesDayTable;
  order_sales_products: OrderSalesProductTable;
}
