import type { Cart, CartLine, Order, OrderLine, PriceSummary, StaffOrderLine } from '@coffee/contract';

let nextId = 1;

/** Figures as the server sends them; tests pass the rupiah they expect to see. */
export function createSummary(overrides: Partial<PriceSummary> = {}): PriceSummary {
  const subtotalIdr = overrides.subtotalIdr ?? 52_000;
  const taxAndFeesIdr = overrides.taxAndFeesIdr ?? 5_200;
  const shippingIdr = overrides.shippingIdr ?? 0;
  const totalIdr = overrides.totalIdr ?? subtotalIdr - (overrides.discountIdr ?? 0) + taxAndFeesIdr + shippingIdr;
  return {
    subtotal: subtotalIdr / 1000,
    subtotalIdr,
    discount: (overrides.discountIdr ?? 0) / 1000,
    discountIdr: 0,
    discountLabel: null,
    taxAndFees: taxAndFeesIdr / 1000,
    taxAndFeesIdr,
    shipping: shippingIdr / 1000,
    shippingIdr,
    total: totalIdr / 1000,
    totalIdr,
    taxRate: 0.1,
    ...overrides,
  };
}

/** A line as ordered: a regular Hazelnut Latte, IDR 25.000 unless told; its totals follow `quantity` and `unitPriceIdr`. */
export function createOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  const quantity = overrides.quantity ?? 1;
  const unitPriceIdr = overrides.unitPriceIdr ?? 25_000;
  return {
    id: overrides.id ?? nextId++,
    productId: 7,
    name: 'Hazelnut Latte',
    imageUrl: null,
    sizeCode: 'R',
    sizeLabel: 'Regular',
    options: [],
    baristaNote: '',
    quantity,
    unitPrice: unitPriceIdr / 1000,
    unitPriceIdr,
    lineTotal: (unitPriceIdr * quantity) / 1000,
    lineTotalIdr: unitPriceIdr * quantity,
    ...overrides,
  };
}

export function createCartLine(overrides: Partial<CartLine> = {}): CartLine {
  return { ...createOrderLine(overrides), isAvailable: true, note: null, ...overrides };
}

export function createCart(overrides: Partial<Cart> = {}): Cart {
  const lines = overrides.lines ?? [];
  return {
    lines,
    deliveryMethod: 'dine-in',
    scheduledFor: null,
    storeId: null,
    deliveryProblem: null,
    coupon: null,
    couponNote: null,
    summary: createSummary(),
    itemCount: lines.reduce((n, line) => n + line.quantity, 0),
    limits: { maxLineQuantity: 20, maxOrderItems: 50 },
    ...overrides,
  };
}

export function createOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? nextId++;
  return {
    id,
    status: 'pending',
    paymentMethod: 'bank-account',
    paymentStatus: 'awaiting-payment',
    paymentInstructions: `Transfer IDR 57.200 to BCA 123-456-7890 a.n. Coffee Shop with "Order ${id}" as the reference.`,
    deliveryMethod: 'dine-in',
    scheduledFor: '2025-01-06T14:00',
    scheduledAt: '2025-01-06T07:00:00.000Z',
    isAsap: false,
    address: null,
    store: { id: 1, name: 'Kopi Thamrin', address: 'Jl. M.H. Thamrin No. 1, Menteng, Jakarta Pusat 10310' },
    lines: [createOrderLine()],
    summary: createSummary(),
    itemCount: 1,
    placedAt: '2025-01-06T03:00:00.000Z',
    updatedAt: '2025-01-06T03:00:00.000Z',
    paidAt: null,
    refundStatus: null,
    cancellable: (overrides.status ?? 'pending') === 'pending' || overrides.status === 'paid',
    history: [{ kind: 'placed', at: '2025-01-06T03:00:00.000Z', atShopTime: '2025-01-06T10:00', by: 'customer' }],
    ...overrides,
  };
}

/** The order with its lines as the kitchen sees them (none ticked made yet), for building a StaffOrder. */
export function withKitchenLines<T extends Order>(order: T): T & { lines: StaffOrderLine[] } {
  return { ...order, lines: order.lines.map((line) => ({ ...line, done: false })) };
}
