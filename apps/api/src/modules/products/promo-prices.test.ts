import type { CartResponse, ErrorResponse, OrderResponse, Product } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, getCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';
import { promoPriceIdr } from '../checkout/checkout.service.js';

const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let latte: { id: number };
let croissant: { id: number };

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  latte = await createProduct(ctx.database, {
    name: 'Promo Latte',
    priceIdr: 25_000,
    isPromo: true,
    promoPercentOff: 20,
    sizes: [
      { code: 'R', priceIdr: 25_000 },
      { code: 'L', priceIdr: 30_000 },
    ],
  });
  croissant = await createProduct(ctx.database, { name: 'Regular Croissant', category: 'foods', priceIdr: 18_500 });
});

const productOf = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json<{ data: Product }>().data;

describe('promotional prices', () => {
  it('rounds to the nearest whole rupiah, halves up', () => {
    expect(promoPriceIdr(27_503, 20)).toBe(22_002);
    expect(promoPriceIdr(25_005, 10)).toBe(22_505);
    expect(promoPriceIdr(18_500, 0)).toBe(18_500);
    expect(() => promoPriceIdr(18_500, 91)).toThrow(RangeError);
  });

  it('shows the regular price and the promotional one, per size', async () => {
    const product = await productOf(latte.id);
    expect(product).toMatchObject({ price: 25, priceIdr: 25_000, promoPercentOff: 20, promoPrice: 20, promoPriceIdr: 20_000 });
    expect(product.sizes.map((s) => [s.code, s.priceIdr, s.promoPriceIdr])).toEqual([
      ['R', 25_000, 20_000],
      ['L', 30_000, 24_000],
    ]);
    expect(await productOf(croissant.id)).toMatchObject({ priceIdr: 18_500, promoPercentOff: 0, promoPriceIdr: 18_500 });
  });

  it('charges the promotional price in the cart and on the order', async () => {
    const customer = await signUpAndSignIn(ctx);
    expect((await addToCart(ctx, customer, { productId: latte.id, size: 'L', quantity: 2 })).statusCode).toBe(200);
    expect((await addToCart(ctx, customer, { productId: croissant.id, size: null, quantity: 1 })).statusCode).toBe(200);
    const cart = (await getCart(ctx, customer)).json<CartResponse>().data;
    const promoLine = cart.lines.find((l) => l.productId === latte.id);
    expect(promoLine).toMatchObject({ unitPriceIdr: 24_000, lineTotalIdr: 48_000 });
    expect(cart.summary.subtotalIdr).toBe(48_000 + 18_500);

    const placed = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<OrderResponse>().data;
    expect(order.lines.find((l) => l.productId === latte.id)).toMatchObject({ unitPriceIdr: 24_000, lineTotalIdr: 48_000 });
    expect(order.summary.subtotalIdr).toBe(66_500);
  });

  it('lets staff set and end a promotion; the cart follows the menu', async () => {
    const customer = await signUpAndSignIn(ctx);
    await addToCart(ctx, customer, { productId: croissant.id, size: null, quantity: 1 });
    const set = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${croissant.id}`,
      headers: staff.headers,
      payload: { promoPercentOff: 10 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<{ data: Product }>().data).toMatchObject({ promoPercentOff: 10, promoPriceIdr: 16_650, priceIdr: 18_500 });
    expect((await getCart(ctx, customer)).json<CartResponse>().data.lines[0]).toMatchObject({ unitPriceIdr: 16_650 });

    await ctx.app.inject({ method: 'PATCH', url: `/api/v1/products/${croissant.id}`, headers: staff.headers, payload: { promoPercentOff: 0 } });
    expect((await getCart(ctx, customer)).json<CartResponse>().data.lines[0]).toMatchObject({ unitPriceIdr: 18_500 });
  });

  it('refuses more than 90 percent off, with a sentence staff can act on', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${croissant.id}`,
      headers: staff.headers,
      payload: { promoPercentOff: 95 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorResponse>();
    expect(body.message).toMatch(/90 percent/);
    expect(body.field).toBe('promoPercentOff');
    expect((await productOf(croissant.id)).promoPriceIdr).toBe(18_500);
  });
});
