import { z } from 'zod';
import { ErrorResponse, PageQuery, dataOf, pageOf, wholeNumberIn } from './common.js';
import { DeliveryMethod, ShopLocalDateTime } from './cart.js';
import { PriceSummary, PricedLine } from './checkout-common.js';
import { OrderStore, Slot } from './stores.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './limits.js';

/**
 * The Payment Method radio list of the checkout. `qris` (scan with any e-wallet or bank app) needs a payment gateway
 * (MIDTRANS_*): without one the API refuses it and GET /shop does not offer it. `gopay` and `shopeepay` (gateway only
 * too) open the wallet app on the same phone through the gateway's deep link.
 */
export const PAYMENT_METHODS = ['card', 'bank-account', 'cash-on-delivery', 'qris', 'gopay', 'shopeepay'] as const;
export const PaymentMethod = z
  .enum(PAYMENT_METHODS, {
    error: () => /*i18n*/ 'must be one of: card, bank-account, cash-on-delivery, qris, gopay, shopeepay',
  })
  .describe('How the customer pays: card, bank-account (transfer or virtual account), cash-on-delivery, or qris, gopay, shopeepay (with a payment gateway only)');
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  'bank-account': 'Bank Account',
  'cash-on-delivery': 'Cash on Delivery',
  qris: 'QRIS',
  gopay: 'GoPay',
  shopeepay: 'ShopeePay',
};

/** The banks a virtual account can be opened at (Bank Account through the payment gateway). */
export const VA_BANKS = ['bca', 'bni', 'bri'] as const;
export const VaBank = z
  .enum(VA_BANKS, { error: () => /*i18n*/ 'must be one of: bca, bni, bri' })
  .describe('The bank of the virtual account: bca, bni or bri');
export type VaBank = z.infer<typeof VaBank>;
export const VA_BANK_LABELS: Record<VaBank, string> = { bca: 'BCA', bni: 'BNI', bri: 'BRI' };

/**
 * The order's payment at the gateway (Midtrans), when the shop has one and the order is paid through it. The QR,
 * virtual account or 3-D Secure page is what the customer pays with; `gatewayStatus` and `transactionId` are the
 * gateway's own words for staff.
 */
export const OrderPayment = z
  .object({
    gateway: z.literal('midtrans').describe('The payment gateway'),
    reference: z.string().describe("The charge's reference at the gateway"),
    transactionId: z.string().nullable().describe("The gateway's transaction id"),
    gatewayStatus: z
      .string()
      .describe('Its status at the gateway: pending, settlement, capture, expire, deny, refund, unavailable...'),
    qrString: z.string().nullable().describe('QRIS: the QR code to draw'),
    deepLink: z.string().nullable().describe('QRIS, GoPay, ShopeePay: opens the e-wallet app on a phone'),
    bank: VaBank.nullable().describe("Bank Account: the virtual account's bank"),
    vaNumber: z.string().nullable().describe('Bank Account: the virtual account number'),
    redirectUrl: z.string().nullable().describe('Card: the 3-D Secure page to open'),
    expiresAt: z.string().nullable().describe('When it stops taking payments (ISO-8601 UTC)'),
    message: z.string().nullable().describe('What happened, in customer words'),
    refundFailure: z
      .string()
      .nullable()
      .describe("The gateway's reason when its refund failed"),
  })
  .meta({ id: 'OrderPayment', description: "The order's payment at the payment gateway" });
export type OrderPayment = z.infer<typeof OrderPayment>;

/**
 * Pay an order that awaits payment through the gateway: the first charge of a card order (with the token the browser
 * got for the card with the client key), a new attempt after the gateway did not answer, or another method.
 */
export const PayOrderInput = z
  .object({
    method: PaymentMethod,
    bank: VaBank.optional().describe('For bank-account: the bank of the virtual account (default bca)'),
    tokenId: z
      .string()
      .trim()
      .min(1, /*i18n*/ 'must be the card token from the gateway')
      .max(200, /*i18n*/ 'must be the card token from the gateway')
      .optional()
      .describe("For card: the token the gateway gave the browser for the card (the card's number never reaches us)"),
  })
  .meta({ id: 'PayOrderInput', description: 'How to pay an order awaiting payment' });
export type PayOrderInput = z.infer<typeof PayOrderInput>;

/**
 * Where the order is in the shop. pending -> (paid) -> preparing -> ready | on-delivery -> delivered;
 * cancelled from any state before it leaves the shop. The allowed moves live in the API (order-status.ts).
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'preparing',
  'ready',
  'on-delivery',
  'delivered',
  'cancelled',
] as const;
export const OrderStatus = z
  .enum(ORDER_STATUSES, { error: () => /*i18n*/ 'must be one of: pending, paid, preparing, ready, on-delivery, delivered, cancelled' })
  .describe(
    'Where the order is in the shop: pending -> (paid) -> preparing -> ready | on-delivery -> delivered, or cancelled',
  );
export type OrderStatus = z.infer<typeof OrderStatus>;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: /*i18n*/ 'Pending',
  paid: /*i18n*/ 'Paid',
  preparing: /*i18n*/ 'Preparing',
  ready: /*i18n*/ 'Ready',
  'on-delivery': /*i18n*/ 'On delivery',
  delivered: /*i18n*/ 'Delivered',
  cancelled: /*i18n*/ 'Cancelled',
};

/**
 * Where the money is, independent of the status: awaiting-payment (card, bank account: staff confirm),
 * cash-on-delivery (confirmed, paid on hand-over), paid.
 */
export const PAYMENT_STATUSES = ['awaiting-payment', 'cash-on-delivery', 'paid'] as const;
export const PaymentStatus = z
  .enum(PAYMENT_STATUSES)
  .describe('Where the money is: awaiting-payment (staff confirm it), cash-on-delivery (paid on hand-over) or paid');
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * The last step is named by how the customer gets the order: a Pick up order is picked up, a Dine in order
 * served, a Door Delivery delivered. The status value stays 'delivered' for all three.
 */
export const FINISHED_LABELS: Record<DeliveryMethod, string> = {
  'pick-up': /*i18n*/ 'Picked up',
  'dine-in': /*i18n*/ 'Served',
  'door-delivery': /*i18n*/ 'Delivered',
};

/** The status in words for this order ('Picked up' rather than 'Delivered' for a Pick up order). */
export const orderStatusLabel = (status: OrderStatus, deliveryMethod: DeliveryMethod): string =>
  status === 'delivered' ? FINISHED_LABELS[deliveryMethod] : ORDER_STATUS_LABELS[status];

/** Money owed back on a paid order that was cancelled: refund-due until staff pay it back, then refunded. */
export const REFUND_STATUSES = ['refund-due', 'refunded'] as const;
export const RefundStatus = z
  .enum(REFUND_STATUSES)
  .describe('refund-due: the order was paid and then cancelled, the shop owes the customer its total; refunded: paid back');
export type RefundStatus = z.infer<typeof RefundStatus>;

/** The steps of an order's history: placed, its payment, every status it reached, and a refund. */
export const ORDER_EVENT_KINDS = ['placed', 'paid', 'preparing', 'ready', 'on-delivery', 'delivered', 'cancelled', 'refunded'] as const;
export const OrderEventKind = z
  .enum(ORDER_EVENT_KINDS)
  .describe('The step: placed, paid (the payment was recorded), a status reached (preparing ... cancelled), or refunded');
export type OrderEventKind = z.infer<typeof OrderEventKind>;

/** A history step in words, named for this order's delivery method. */
export function orderEventLabel(kind: OrderEventKind, deliveryMethod: DeliveryMethod): string {
  switch (kind) {
    case 'placed':
      return 'Placed';
    case 'refunded':
      return 'Refunded';
    case 'on-delivery':
      return 'Out for delivery';
    default:
      return orderStatusLabel(kind, deliveryMethod);
  }
}

export const OrderEvent = z
  .object({
    kind: OrderEventKind,
    at: z.string().describe('When it happened (ISO-8601 UTC timestamp)'),
    atShopTime: z.string().describe("The same moment on the shop's clock, 'YYYY-MM-DDTHH:mm', the time to show"),
    by: z
      .enum(['customer', 'staff'])
      .nullable()
      .describe('Who took the step: the customer (placed, cancelled), staff, or null when not recorded'),
  })
  .meta({ id: 'OrderEvent', description: "One step of the order's history" });
export type OrderEvent = z.infer<typeof OrderEvent>;

/** Address for Door Delivery; the checkout pre-fills it from the profile. */
export const DeliveryAddress = z
  .string()
  .trim()
  .min(1, /*i18n*/ 'must not be empty')
  .max(300, /*i18n*/ 'must be at most 300 characters')
  .describe(
    "The Door Delivery address, at most 300 characters; absent, the profile's delivery address is used. Ignored for the other methods",
  );

/**
 * Places an order from the signed-in customer's cart. The lines and prices come from the cart and
 * the menu, never from this body (unknown keys such as `price` or `total` are stripped).
 * When `deliveryMethod` is absent, the cart's delivery method and time are used.
 * When it is present, `scheduledFor` goes with it (absent or null: as soon as possible).
 * `address` is needed for Door Delivery only; absent, the profile's delivery address is used.
 */
export const PlaceOrderInput = z
  .object({
    paymentMethod: PaymentMethod,
    deliveryMethod: DeliveryMethod.optional().describe(
      "How the customer gets the order; absent, the cart's delivery method and time are used",
    ),
    scheduledFor: ShopLocalDateTime.nullable()
      .optional()
      .describe(
        "With `deliveryMethod`: when, 'YYYY-MM-DDTHH:mm' on the shop's clock; absent or null: as soon as possible",
      ),
    address: DeliveryAddress.optional(),
    bank: VaBank.optional().describe('With bank-account and a payment gateway: the bank of the virtual account (default bca)'),
    storeId: z
      .number({ error: /*i18n*/ 'must be a store id from GET /stores' })
      .int(/*i18n*/ 'must be a store id from GET /stores')
      .positive(/*i18n*/ 'must be a store id from GET /stores')
      .max(2_147_483_647, /*i18n*/ 'must be a store id from GET /stores')
      .optional()
      .describe('The store that prepares the order (GET /stores); absent, the default store'),
    rewardId: z
      .number({ error: /*i18n*/ 'must be a reward id from GET /loyalty/rewards' })
      .int(/*i18n*/ 'must be a reward id from GET /loyalty/rewards')
      .positive(/*i18n*/ 'must be a reward id from GET /loyalty/rewards')
      .max(2_147_483_647, /*i18n*/ 'must be a reward id from GET /loyalty/rewards')
      .optional()
      .describe('A reward paid with points (GET /loyalty/rewards), priced by the server; never with a coupon (409). Price it first with POST /loyalty/rewards/quote'),
    expectedTotalIdr: z
      .number({ error: /*i18n*/ 'must be the total in whole rupiah' })
      .int(/*i18n*/ 'must be the total in whole rupiah')
      .min(0, /*i18n*/ 'must be the total in whole rupiah')
      .optional()
      .describe(
        'The total (whole rupiah) the customer was shown and is agreeing to pay: `summary.totalIdr` of the cart for the chosen delivery method. ' +
          'When the order would cost anything else (a price changed on the menu since), nothing is placed and the answer is a 409 with field ' +
          '`expectedTotalIdr` and the new `summary`; show it and ask again. Our web app always sends it; without it the order is placed at today\'s prices.',
      ),
  })
  .meta({
    id: 'PlaceOrderInput',
    description: "How to pay and deliver; the lines and prices come from the customer's cart and the menu",
  });
export type PlaceOrderInput = z.infer<typeof PlaceOrderInput>;

/**
 * A refused order placement. With field `expectedTotalIdr` (prices changed since the customer saw the cart) it
 * carries the figures the order would be charged now; GET /cart shows the lines at their new prices.
 */
export const PlaceOrderConflict = ErrorResponse.extend({
  summary: PriceSummary.optional().describe(
    'Only when field is `expectedTotalIdr`: what the order would be charged now, for the customer to confirm',
  ),
  nextSlot: Slot.nullable()
    .optional()
    .describe('Only when field is `scheduledFor` and the slot is full or the store busy: the next slot with room (null: none left that day)'),
  productIds: z
    .array(z.number().int())
    .optional()
    .describe('Only when field is `cart`: the products that cannot be ordered (sold out at the store, off the menu...), to mark in the cart'),
}).meta({ id: 'PlaceOrderConflict', description: 'The order was not placed' });
export type PlaceOrderConflict = z.infer<typeof PlaceOrderConflict>;

/** Client-generated UUID sent with every order placement; a repeat with the same key returns the first order. */
// Loose: the other request headers (Cookie, Origin...) must pass through untouched.
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .uuid({ error: /*i18n*/ 'must be a UUID generated by the client for this order' })
    .describe('A UUID the client makes once per order; a repeat with the same key answers the first order'),
});

/** Name, size and prices as ordered; `productId` names the product as it is now (for a picture and "order again"). */
export const OrderLine = PricedLine.meta({ id: 'OrderLine', description: 'A line of an order, priced as ordered' });
export type OrderLine = z.infer<typeof OrderLine>;

export const Order = z
  .object({
    id: z.number().int().describe('The order number'),
    status: OrderStatus,
    paymentMethod: PaymentMethod,
    paymentStatus: PaymentStatus,
    paymentInstructions: z
      .string()
      .nullable()
      .describe('What the customer must do to pay (bank account, card), or null when nothing is needed'),
    deliveryMethod: DeliveryMethod,
    scheduledFor: z
      .string()
      .describe("When the customer gets the order, 'YYYY-MM-DDTHH:mm' on the shop's clock"),
    scheduledAt: z.string().describe('The same moment as an ISO-8601 UTC timestamp'),
    isAsap: z
      .boolean()
      .describe('True when the customer asked for "as soon as possible" (scheduledFor is then the start of the first slot with room: when it will be ready)'),
    address: z.string().nullable().describe('The Door Delivery address, else null'),
    store: OrderStore.nullable().describe('The store that prepares the order (null only when that store was removed)'),
    lines: z.array(OrderLine).describe('What was ordered'),
    summary: PriceSummary.describe('The figures as charged when the order was placed'),
    itemCount: z.number().int().describe('Sum of the quantities of every line'),
    placedAt: z.string().describe('When the order was placed (ISO-8601 UTC timestamp)'),
    updatedAt: z.string().describe('When the order last changed (ISO-8601 UTC timestamp)'),
    paidAt: z.string().nullable().describe('When the payment was recorded (ISO-8601 UTC timestamp), or null'),
    refundStatus: RefundStatus.nullable().describe(
      'refund-due when the order was paid and then cancelled (the shop owes `summary.totalIdr` back), refunded once paid back, else null',
    ),
    payment: OrderPayment.nullable()
      .optional()
      .describe('The payment at the gateway (QR, virtual account, status), or null when the order is not paid through one'),
    cancellable: z
      .boolean()
      .describe('True while the customer may still cancel it (POST /orders/{id}/cancel): before the shop starts preparing it'),
    history: z.array(OrderEvent).describe('What happened to the order so far, oldest first: placed, paid, preparing ...'),
  })
  .meta({ id: 'Order', description: "A customer's order" });
export type Order = z.infer<typeof Order>;

/** What staff see: the order, who placed it, and where it may move next. */
export const StaffOrderLine = OrderLine.extend({
  done: z.boolean().describe('True once the kitchen ticked the line made (PUT /staff/orders/{id}/lines/{lineId}/done)'),
}).meta({ id: 'StaffOrderLine', description: 'A line of an order as the kitchen sees it' });
export type StaffOrderLine = z.infer<typeof StaffOrderLine>;

export const LineDoneInput = z
  .object({ done: z.boolean({ error: /*i18n*/ 'must be true or false' }).describe('true: the line is made; false: not yet') })
  .meta({ id: 'LineDoneInput', description: 'Tick a line made, or take the tick back' });
export type LineDoneInput = z.infer<typeof LineDoneInput>;

export const LineParams = z.object({
  id: z.string().describe('The order id, a whole number; any other text is not found (404)'),
  lineId: z.string().describe('The line id, as in the order\'s `lines`; any other text is not found (404)'),
});

export const StaffOrder = Order.extend({
  lines: z.array(StaffOrderLine).describe('What was ordered, each line with its kitchen tick'),
  customer: z
    .object({
      id: z.number().int().describe("The customer's account id"),
      email: z.string().describe("The customer's email address"),
      name: z
        .string()
        .nullable()
        .describe('The name to call at the counter: first and last name, else the display name; null when the account has none'),
      phone: z.string().nullable().describe("The customer's phone number, for the courier or the counter; null when none"),
    })
    .describe('Who placed the order'),
  nextStatuses: z.array(OrderStatus).describe('The statuses staff may move the order to now'),
  paymentDueAt: z
    .string()
    .nullable()
    .describe('While it waits for an online payment: when its payment window ends (ISO-8601 UTC) and the shop cancels it unpaid; null otherwise'),
  canMarkPaid: z
    .boolean()
    .describe('True where staff take the money themselves (cash, or a manual method without a gateway): an online payment confirms itself'),
}).meta({ id: 'StaffOrder', description: 'An order as staff see it: who placed it and where it may move next' });
export type StaffOrder = z.infer<typeof StaffOrder>;

export const OrderResponse = dataOf(Order, 'The order').describe('The order');
export type OrderResponse = z.infer<typeof OrderResponse>;
export const OrderListResponse = pageOf(Order, 'The orders of this page, newest first').describe('A page of orders');
export type OrderListResponse = z.infer<typeof OrderListResponse>;
export const StaffOrderResponse = dataOf(StaffOrder, 'The order').describe('The order');
export type StaffOrderResponse = z.infer<typeof StaffOrderResponse>;
export const StaffOrderListResponse = pageOf(StaffOrder, 'The orders of this page, newest first').describe(
  'A page of orders',
);
export type StaffOrderListResponse = z.infer<typeof StaffOrderListResponse>;

export const ListOrdersQuery = PageQuery;
export type ListOrdersQuery = z.infer<typeof ListOrdersQuery>;

/** The orders still to make or hand over: every status but the two an order ends in. */
export const FINISHED_ORDER_STATUSES = ['delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export const ACTIVE_ORDER_STATUSES = ORDER_STATUSES.filter(
  (status): status is Exclude<OrderStatus, (typeof FINISHED_ORDER_STATUSES)[number]> =>
    !(FINISHED_ORDER_STATUSES as readonly OrderStatus[]).includes(status),
);
/**
 * Most orders one page holds with `active=true`. A kitchen shows every open order of its store at once, and in a
 * rush that is more than a page of history (MAX_PAGE_LIMIT); open orders leave the list as they are handed over,
 * so they stay far below this bound, which keeps one answer at a few hundred kilobytes.
 */
export const MAX_ACTIVE_ORDERS_LIMIT = 200;

export const ListStaffOrdersQuery = PageQuery.extend({
  limit: wholeNumberIn(1, MAX_ACTIVE_ORDERS_LIMIT, { atLeast: /*i18n*/ 'must be at least 1', atMost: /*i18n*/ 'must be at most 200' })
    .default(DEFAULT_PAGE_LIMIT)
    .describe(`Most items on one page, at most ${MAX_PAGE_LIMIT}, or ${MAX_ACTIVE_ORDERS_LIMIT} with \`active=true\``),
  status: OrderStatus.optional().describe('Only orders in this status'),
  active: z
    .enum(['true', 'false'], { error: () => /*i18n*/ 'must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .describe(
      `true: only orders still to make or hand over (${ACTIVE_ORDER_STATUSES.join(', ')}), for the kitchen display, leaving out ` +
        'those still waiting for an online payment (see awaitingPayment), up to ' +
        `${MAX_ACTIVE_ORDERS_LIMIT} on a page; false: only finished ones (${FINISHED_ORDER_STATUSES.join(', ')})`,
    ),
  awaitingPayment: z
    .enum(['true', 'false'], { error: () => /*i18n*/ 'must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .describe(
      'true: only orders waiting for an online payment within their window (not on the kitchen display, not in the sales), ' +
        'the staff\'s "Awaiting payment" list, up to the open orders\' page size',
    ),
  storeId: z.coerce
    .number({ error: /*i18n*/ 'must be a store id from GET /stores' })
    .int(/*i18n*/ 'must be a store id from GET /stores')
    .positive(/*i18n*/ 'must be a store id from GET /stores')
    .max(2_147_483_647, /*i18n*/ 'must be a store id from GET /stores')
    .optional()
    .describe('Only orders of this store'),
}).superRefine((query, ctx) => {
  // Pages of the whole history keep the usual bound; only the open orders, a short list by nature, come in larger pages.
  if (query.active !== true && query.awaitingPayment !== true && query.limit > MAX_PAGE_LIMIT) {
    ctx.addIssue({ code: 'custom', path: ['limit'], message: /*i18n*/ 'must be at most 100 (200 for open orders only)' });
  }
});
export type ListStaffOrdersQuery = z.infer<typeof ListStaffOrdersQuery>;

/** Staff move an order on; 'paid' is reached through mark-paid only, so payment and status stay consistent. */
export const STAFF_STATUS_TARGETS = ['preparing', 'ready', 'on-delivery', 'delivered', 'cancelled'] as const;
export const ChangeOrderStatusInput = z
  .object({
    status: z
      .enum(STAFF_STATUS_TARGETS, { error: () => /*i18n*/ 'must be one of: preparing, ready, on-delivery, delivered, cancelled' })
      .describe("The status to move the order to; it must be one of the order's `nextStatuses`"),
    expectedStatus: OrderStatus.optional().describe(
      'The status the order had on the screen when the move was chosen. The move happens only if the order is still in it, ' +
        'so of two staff acting on the same screen at once exactly one wins and the other gets a 409 with `currentStatus`. ' +
        'Without it the move is judged from whatever status the order has when the request arrives.',
    ),
  })
  .meta({ id: 'ChangeOrderStatusInput', description: 'Where to move the order' });
export type ChangeOrderStatusInput = z.infer<typeof ChangeOrderStatusInput>;

/** A refused status move or payment record: the order's status now, so the staff screen can show it and offer the right moves. */
export const OrderStatusConflict = ErrorResponse.extend({
  currentStatus: OrderStatus.optional().describe('The status the order is in now'),
  nextStatuses: z.array(OrderStatus).optional().describe('Where staff may move it from there'),
}).meta({ id: 'OrderStatusConflict', description: 'The order did not move' });
export type OrderStatusConflict = z.infer<typeof OrderStatusConflict>;

/** A refused cancel: where the order is now, so the page can show it. */
export const CancelOrderConflict = ErrorResponse.extend({
  currentStatus: OrderStatus.optional().describe('The status the order is in now'),
}).meta({ id: 'CancelOrderConflict', description: 'The order was not cancelled' });
export type CancelOrderConflict = z.infer<typeof CancelOrderConflict>;
