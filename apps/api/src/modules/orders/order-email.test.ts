import type { Order } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { buildOrderConfirmation } from './order-email.js';

const order: Order = {
  id: 42,
  status: 'pending',
  paymentMethod: 'card',
  paymentStatus: 'awaiting-payment',
  paymentInstructions: null,
  deliveryMethod: 'pick-up',
  scheduledFor: '2026-11-23T14:00',
  scheduledAt: '2026-11-23T07:00:00.000Z',
  isAsap: false,
  address: null,
  lines: [
    {
      id: 1,
      productId: 7,
      name: 'Creamy Ice Latte',
      imageUrl: null,
      sizeCode: 'L',
      sizeLabel: 'Large',
      options: [
        { optionId: 2, groupId: 1, groupName: 'Milk', name: 'Oat milk', priceDeltaIdr: 8_000 },
        { optionId: 5, groupId: 2, groupName: 'Sugar', name: 'Less sugar', priceDeltaIdr: 0 },
      ],
      baristaNote: 'Extra hot <please>',
      quantity: 1,
      unitPrice: 39,
      unitPriceIdr: 39_000,
      lineTotal: 39,
      lineTotalIdr: 39_000,
    },
  ],
  summary: {
    subtotal: 39,
    subtotalIdr: 39_000,
    discount: 0,
    discountIdr: 0,
    discountLabel: null,
    taxAndFees: 3.9,
    taxAndFeesIdr: 3_900,
    shipping: 0,
    shippingIdr: 0,
    total: 42.9,
    totalIdr: 42_900,
    taxRate: 0.1,
  },
  itemCount: 1,
  placedAt: '2026-11-23T06:30:00.000Z',
  updatedAt: '2026-11-23T06:30:00.000Z',
  paidAt: null,
} as Order;

describe('the order confirmation mail', () => {
  it('lists the options and the note to the barista under their line', () => {
    const mail = buildOrderConfirmation(order, 'a@example.test', { publicUrl: 'https://shop.test', timeZone: 'Asia/Jakarta' });
    expect(mail.text).toContain('1 x Creamy Ice Latte (Large): IDR 39.000\n    Oat milk: +IDR 8.000\n    Less sugar\n    Note: Extra hot <please>\n');
    // The customer's own words reach the HTML escaped, never as markup.
    expect(mail.html).toContain('Note: Extra hot &#60;please&#62;');
    expect(mail.html).not.toContain('<please>');
  });

  it("shows a coupon's discount as its own line above the tax", () => {
    const withCoupon = {
      ...order,
      summary: { ...order.summary, discount: 3.9, discountIdr: 3_900, discountLabel: 'Birthday Treat', taxAndFeesIdr: 3_510, totalIdr: 38_610 },
    } as Order;
    const mail = buildOrderConfirmation(withCoupon, 'a@example.test', { publicUrl: 'https://shop.test', timeZone: 'Asia/Jakarta' });
    expect(mail.text).toContain('Subtotal: IDR 39.000\nCoupon: Birthday Treat: -IDR 3.900\nTax & fees: IDR 3.510\n');
    // Without a coupon there is no such line.
    expect(buildOrderConfirmation(order, 'a@example.test', { publicUrl: 'https://shop.test', timeZone: 'Asia/Jakarta' }).text).not.toContain('Coupon');
  });

  it('names the store that makes the order and its address', () => {
    const store = { id: 3, name: 'Kopi Kemang', address: 'Jl. Kemang Raya 10, Jakarta' };
    const mail = buildOrderConfirmation({ ...order, store }, 'a@example.test', { publicUrl: 'https://shop.test', timeZone: 'Asia/Jakarta' });
    expect(mail.text).toContain('At Kopi Kemang, Jl. Kemang Raya 10, Jakarta');
    expect(mail.html).toContain('At Kopi Kemang, Jl. Kemang Raya 10, Jakarta');
    const delivered = buildOrderConfirmation({ ...order, store, deliveryMethod: 'door-delivery', address: 'Jl. Sudirman 1' }, 'a@example.test', { publicUrl: 'https://shop.test', timeZone: 'Asia/Jakarta' });
    expect(delivered.text).toContain('From Kopi Kemang, Jl. Kemang Raya 10, Jakarta');
  });
});
