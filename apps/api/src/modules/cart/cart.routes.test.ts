import type { Cart, CartChangeResponse, CartResponse, ErrorResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createLatteAndCroissant, createProduct } from '../../test/factories.js';
import { addToCart, getCart, testClock } from '../../test/orders.js';
import { createTestApp, useTestApp } from '../../test/test-app.js';

const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let latte: { id: number };
let croissant: { id: number };
let soldOut: { id: number };

beforeAll(async () => {
  ({ latte, croissant } = await createLatteAndCroissant(ctx.database));
  soldOut = await createProduct(ctx.database, { name: 'Summer Fried Rice', category: 'foods', priceIdr: 32_000, isSoldOut: true });
});

const cartOf = (res: { json: () => unknown }) => (res.json() as CartResponse).data;
const changeLine = (user: SignedInUser, lineId: number | string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/cart/items/${lineId}`, headers: user.headers, payload });

describe('the cart API', () => {
  let customer: SignedInUser;
  beforeAll(async () => {
    customer = await signUpAndSignIn(ctx);
  });

  it('is for signed-in users only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/cart' })).statusCode).toBe(401);
    const add = await ctx.app.inject({ method: 'POST', url: '/api/v1/cart/items', payload: { nonsense: true } });
    expect(add.statusCode).toBe(401);
  });

  it('starts empty', async () => {
    const other = await signUpAndSignIn(ctx);
    const res = await getCart(ctx, other);
    expect(res.statusCode).toBe(200);
    expect(cartOf(res)).toMatchObject({
      lines: [],
      deliveryMethod: 'dine-in',
      scheduledFor: null,
      itemCount: 0,
      summary: { subtotalIdr: 0, taxAndFeesIdr: 0, shippingIdr: 0, totalIdr: 0, taxRate: 0.1 },
      limits: { maxLineQuantity: 20, maxOrderItems: 50 },
    });
  });

  it('prices lines from the menu and adds up the same product and size', async () => {
    expect((await addToCart(ctx, customer, { productId: latte.id, size: 'R', quantity: 1 })).statusCode).toBe(200);
    await addToCart(ctx, customer, { productId: latte.id, size: 'R', quantity: 2 });
    await addToCart(ctx, customer, { productId: latte.id, size: 'L', quantity: 1 });
    const res = await addToCart(ctx, customer, { productId: croissant.id, quantity: 1 });
    const cart = cartOf(res);
    expect(cart.lines.map((l) => [l.name, l.sizeCode, l.sizeLabel, l.quantity, l.unitPriceIdr, l.lineTotalIdr])).toEqual([
      ['Hazelnut Latte', 'R', 'Regular', 3, 25_000, 75_000],
      ['Hazelnut Latte', 'L', 'Large', 1, 30_000, 30_000],
      ['Butter Croissant', null, null, 1, 18_500, 18_500],
    ]);
    expect(cart.lines[0]).toMatchObject({ productId: latte.id, unitPrice: 25, lineTotal: 75, isAvailable: true, note: null });
    // 123.500 + 10 % (12.350) = 135.850; no shipping for Dine in.
    expect(cart.summary).toMatchObject({ subtotalIdr: 123_500, taxAndFeesIdr: 12_350, shippingIdr: 0, totalIdr: 135_850 });
    expect(cart.summary.subtotal).toBe(123.5);
    expect(cart.itemCount).toBe(5);
  });

  it('takes the product id as the product list gives it (text "3"), and refuses text that is not an id', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const asText = await addToCart(ctx, shopper, { productId: String(latte.id) as unknown as number, size: 'R', quantity: 1 });
    expect(asText.statusCode).toBe(200);
    expect(cartOf(asText).lines.map((l) => [l.productId, l.quantity])).toEqual([[latte.id, 1]]);
    for (const junk of ['latte', '3.5', '-3', '', '99999999999']) {
      const refused = await addToCart(ctx, shopper, { productId: junk as unknown as number, size: 'R', quantity: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'productId', message: 'The product must be a product id.' });
    }
  });

  it('ignores any price a client sends', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const res = await addToCart(ctx, shopper, {
      productId: croissant.id,
      quantity: 2,
      price: 1,
      priceIdr: 1,
      unitPriceIdr: 1,
      lineTotalIdr: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(cartOf(res).lines[0]).toMatchObject({ unitPriceIdr: 18_500, lineTotalIdr: 37_000 });
    expect(cartOf(res).summary.subtotalIdr).toBe(37_000);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['a string', '2'],
    ['huge', 1e21],
    ['above the per-line maximum', 21],
    ['missing', undefined],
  ])('refuses a %s quantity, naming the field and changing nothing', async (_label, quantity) => {
    const shopper = await signUpAndSignIn(ctx);
    const res = await addToCart(ctx, shopper, { productId: croissant.id, quantity });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('quantity');
    // A sentence about the quantity; the field's name is in `field` only.
    expect(res.json<ErrorResponse>().message).toMatch(/^(Quantity|You can add at most) .*\.$/);
    expect(cartOf(await getCart(ctx, shopper)).lines).toEqual([]);
  });

  it('keeps a line at the per-line maximum and an order at the item maximum', async () => {
    const shopper = await signUpAndSignIn(ctx);
    await addToCart(ctx, shopper, { productId: croissant.id, quantity: 18 });
    const over = await addToCart(ctx, shopper, { productId: croissant.id, quantity: 3 });
    expect(over.statusCode).toBe(400);
    expect(over.json<ErrorResponse>()).toMatchObject({
      field: 'quantity',
      message: 'You can add at most 2 more: we take at most 20 of Butter Croissant per order and your cart already has 18.',
    });
    await addToCart(ctx, shopper, { productId: latte.id, size: 'R', quantity: 20 });
    await addToCart(ctx, shopper, { productId: latte.id, size: 'L', quantity: 10 });
    const full = await addToCart(ctx, shopper, { productId: latte.id, size: 'XL', quantity: 3 });
    expect(full.statusCode).toBe(400);
    expect(full.json<ErrorResponse>().message).toContain('at most 50 items per order and your cart has 48');
    expect(cartOf(await getCart(ctx, shopper)).itemCount).toBe(48);
  });

  it('refuses sold-out, unknown and removed products, and sizes the product does not have', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const sold = await addToCart(ctx, shopper, { productId: soldOut.id, quantity: 1 });
    expect(sold.statusCode).toBe(409);
    expect(sold.json<ErrorResponse>()).toEqual({ message: 'Summer Fried Rice is sold out: it cannot be ordered now', field: 'productId' });

    const unknown = await addToCart(ctx, shopper, { productId: 999_999, quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorResponse>().field).toBe('productId');

    const gone = await createProduct(ctx.database, { name: 'Old Blend' });
    await ctx.database.db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    expect((await addToCart(ctx, shopper, { productId: gone.id, quantity: 1 })).statusCode).toBe(404);

    const noSize = await addToCart(ctx, shopper, { productId: latte.id, quantity: 1 });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json<ErrorResponse>()).toMatchObject({ field: 'size', message: 'Hazelnut Latte comes in sizes: choose one of R, L, XL' });
    const sized = await addToCart(ctx, shopper, { productId: croissant.id, size: 'L', quantity: 1 });
    expect(sized.statusCode).toBe(400);
    expect(sized.json<ErrorResponse>().field).toBe('size');
    expect((await addToCart(ctx, shopper, { productId: latte.id, size: 'XXL', quantity: 1 })).statusCode).toBe(400);
    expect(cartOf(await getCart(ctx, shopper)).lines).toEqual([]);
  });

  it('changes and removes lines of my cart only', async () => {
    const alice = await signUpAndSignIn(ctx);
    const mallory = await signUpAndSignIn(ctx);
    const aliceLine = cartOf(await addToCart(ctx, alice, { productId: croissant.id, quantity: 2 })).lines[0];
    await addToCart(ctx, mallory, { productId: croissant.id, quantity: 1 });
    if (!aliceLine) throw new Error('no line');

    const steal = await changeLine(mallory, aliceLine.id, { quantity: 9 });
    expect(steal.statusCode).toBe(404);
    const remove = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${aliceLine.id}`, headers: mallory.headers });
    expect(remove.statusCode).toBe(404);
    expect(cartOf(await getCart(ctx, alice)).lines).toMatchObject([{ id: aliceLine.id, quantity: 2 }]);
    expect(cartOf(await getCart(ctx, mallory)).lines).toMatchObject([{ quantity: 1 }]);

    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await changeLine(alice, bad, { quantity: 1 });
      expect(res.statusCode).toBe(404);
    }

    const changed = await changeLine(alice, aliceLine.id, { quantity: 5, price: 1 });
    expect(changed.statusCode).toBe(200);
    expect(cartOf(changed).lines).toMatchObject([{ quantity: 5, lineTotalIdr: 92_500 }]);
    const tooMany = await changeLine(alice, aliceLine.id, { quantity: 21 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ErrorResponse>().field).toBe('quantity');
    const zero = await changeLine(alice, aliceLine.id, { quantity: 0 });
    expect(zero.statusCode).toBe(400);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${aliceLine.id}`, headers: alice.headers });
    expect(removed.statusCode).toBe(200);
    expect(cartOf(removed)).toMatchObject({ lines: [], itemCount: 0 });
  });

  it('shows a line that became unavailable, without charging it, and refuses to add more of it', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const seasonal = await createProduct(ctx.database, { name: 'Pumpkin Latte', priceIdr: 40_000 });
    await addToCart(ctx, shopper, { productId: seasonal.id, quantity: 2 });
    await addToCart(ctx, shopper, { productId: croissant.id, quantity: 1 });
    await ctx.database.db.updateTable('products').set({ is_sold_out: 1 }).where('id', '=', seasonal.id).execute();

    const cart: Cart = cartOf(await getCart(ctx, shopper));
    expect(cart.lines[0]).toMatchObject({ name: 'Pumpkin Latte', isAvailable: false, note: 'Pumpkin Latte is sold out' });
    expect(cart.summary.subtotalIdr).toBe(18_500);
    expect(cart.itemCount).toBe(3);

    const lineId = cart.lines[0]?.id ?? 0;
    const more = await changeLine(shopper, lineId, { quantity: 3 });
    expect(more.statusCode).toBe(409);
    const fewer = await changeLine(shopper, lineId, { quantity: 1 });
    expect(fewer.statusCode).toBe(200);
  });
});

describe('delivery method and time', () => {
  const setDelivery = (user: SignedInUser, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/delivery', headers: user.headers, payload });

  it('adds shipping for Door Delivery and keeps the chosen time', async () => {
    const shopper = await signUpAndSignIn(ctx);
    await addToCart(ctx, shopper, { productId: latte.id, size: 'R', quantity: 1 });
    await addToCart(ctx, shopper, { productId: croissant.id, quantity: 1 });
    const res = await setDelivery(shopper, { deliveryMethod: 'door-delivery', scheduledFor: '2026-11-24T14:00' });
    expect(res.statusCode).toBe(200);
    expect(cartOf(res)).toMatchObject({
      deliveryMethod: 'door-delivery',
      scheduledFor: '2026-11-24T14:00',
      deliveryProblem: null,
      // 43.500 + 4.350 + 15.000
      summary: { subtotalIdr: 43_500, taxAndFeesIdr: 4_350, shippingIdr: 15_000, totalIdr: 62_850 },
    });
  });

  it.each([
    ['a Saturday', 'door-delivery', '2026-11-28T14:00', 'We deliver Monday to Friday between 13:00 and 19:00 (Jakarta time)'],
    ['12:59 on a weekday', 'door-delivery', '2026-11-24T12:59', 'We deliver Monday to Friday between 13:00 and 19:00 (Jakarta time)'],
    ['19:01 on a weekday', 'door-delivery', '2026-11-24T19:01', 'We deliver Monday to Friday between 13:00 and 19:00 (Jakarta time)'],
    ['before opening', 'dine-in', '2026-11-24T08:30', 'Dine in is open every day between 09:00 and 18:00 (Jakarta time)'],
    ['after closing', 'pick-up', '2026-11-24T18:30', 'Pick up is open every day between 09:00 and 18:00 (Jakarta time)'],
    ['the past', 'dine-in', '2026-11-23T13:00', 'Monday 23 November at 13:00 has already passed'],
    ['more than 7 days ahead', 'dine-in', '2026-12-01T10:00', 'at most 7 days ahead, until'],
    ['not a real date', 'dine-in', '2026-11-31T10:00', 'That date and time does not exist'],
  ])('refuses %s, naming scheduledFor', async (_label, deliveryMethod, scheduledFor, message) => {
    const shopper = await signUpAndSignIn(ctx);
    const res = await setDelivery(shopper, { deliveryMethod, scheduledFor });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('scheduledFor');
    expect(res.json<ErrorResponse>().message).toContain(message);
    expect(cartOf(await getCart(ctx, shopper))).toMatchObject({ deliveryMethod: 'dine-in', scheduledFor: null });
  });

  it('refuses a malformed time and an unknown method', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const time = await setDelivery(shopper, { deliveryMethod: 'dine-in', scheduledFor: '24 Nov 2pm' });
    expect(time.statusCode).toBe(400);
    expect(time.json<ErrorResponse>().field).toBe('scheduledFor');
    const method = await setDelivery(shopper, { deliveryMethod: 'drone' });
    expect(method.statusCode).toBe(400);
    expect(method.json<ErrorResponse>().field).toBe('deliveryMethod');
  });

  it('saves "as soon as possible" and says when it could not be ordered right now', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const inside = await setDelivery(shopper, { deliveryMethod: 'door-delivery', scheduledFor: null });
    expect(cartOf(inside)).toMatchObject({ deliveryMethod: 'door-delivery', scheduledFor: null, deliveryProblem: null });
    clock.set('2026-11-28T03:00:00Z'); // Saturday 10:00 in Jakarta
    try {
      const cart = cartOf(await getCart(ctx, shopper));
      expect(cart.deliveryProblem).toBe(
        'We deliver Monday to Friday between 13:00 and 19:00 (Jakarta time). It is now Saturday 28 November at 10:00: please choose a time within those hours.',
      );
    } finally {
      clock.set('2026-11-23T06:30:00Z');
    }
  });
});

describe('merging a visitor\'s browser cart at sign-in', () => {
  const merge = (user: SignedInUser, lines: unknown[]) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/cart/merge', headers: user.headers, payload: { lines } });

  it('adds up with the account cart, caps at the maximum, and skips what cannot be ordered', async () => {
    const shopper = await signUpAndSignIn(ctx);
    await addToCart(ctx, shopper, { productId: latte.id, size: 'R', quantity: 15 });
    const res = await merge(shopper, [
      { productId: latte.id, size: 'R', quantity: 10, price: 1 },
      { productId: croissant.id, size: null, quantity: 2 },
      { productId: croissant.id, quantity: 1 },
      { productId: soldOut.id, quantity: 1 },
      { productId: 999_999, quantity: 1 },
      { productId: latte.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json<CartChangeResponse>();
    expect(body.data.lines.map((l) => [l.name, l.sizeCode, l.quantity, l.unitPriceIdr])).toEqual([
      ['Hazelnut Latte', 'R', 20, 25_000],
      ['Butter Croissant', null, 3, 18_500],
    ]);
    expect(body.notes).toEqual([
      'Hazelnut Latte (Regular): 5 added instead of 10 (at most 20 of Hazelnut Latte (Regular) per order and your cart already has 15)',
      'Summer Fried Rice is sold out',
      'There is no product with id 999999 on the menu',
      'Hazelnut Latte comes in sizes: choose one of R, L, XL',
    ]);
  });

  it('refuses a malformed line as a whole, so nothing is half merged', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const res = await merge(shopper, [
      { productId: croissant.id, quantity: 1 },
      { productId: croissant.id, quantity: -3 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('lines.1.quantity');
    expect(cartOf(await getCart(ctx, shopper)).lines).toEqual([]);
  });
});

describe('configured figures', () => {
  it('uses TAX_RATE and SHIPPING_FEE', async () => {
    const custom = await createTestApp({ TAX_RATE: '0.11', SHIPPING_FEE: '20000' }, { now: clock.now });
    try {
      const product = await createProduct(custom.database, { priceIdr: 33_333 });
      const shopper = await signUpAndSignIn(custom);
      await addToCart(custom, shopper, { productId: product.id, quantity: 1 });
      const res = await custom.app.inject({
        method: 'PUT',
        url: '/api/v1/cart/delivery',
        headers: shopper.headers,
        payload: { deliveryMethod: 'door-delivery', scheduledFor: null },
      });
      // 11 % of 33.333 = 3.666,63 -> 3.667.
      expect(cartOf(res).summary).toMatchObject({ subtotalIdr: 33_333, taxAndFeesIdr: 3_667, shippingIdr: 20_000, totalIdr: 57_000, taxRate: 0.11 });
    } finally {
      await custom.close();
    }
  });
});
