import type { CartResponse, ErrorResponse, StoreInput, StoreResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { storeInput } from '../../test/factories.js';
import { getCart, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

// Monday 2026-11-23, 13:30 in Jakarta.
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let lateStore: number;

const storeSettings = (overrides: Partial<StoreInput> = {}): StoreInput =>
  storeInput('Kopi Senopati', {
    address: 'Jl. Senopati No. 12, Jakarta Selatan',
    latitude: -6.23,
    phone: '',
    // Opens later than the default store: 15:00 to 18:00, Monday to Friday.
    openingHours: [1, 2, 3, 4, 5].map((day) => ({ day, from: '15:00', to: '18:00' })),
    leadMinutes: 0,
    ...overrides,
  });

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: staff.headers, payload: storeSettings() });
  expect(res.statusCode).toBe(201);
  lateStore = res.json<StoreResponse>().data.id;
});

const cartOf = (res: { json: () => unknown }) => (res.json() as CartResponse).data;
const setDelivery = (user: SignedInUser, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/delivery', headers: user.headers, payload });

describe("the cart's chosen store", () => {
  it('is remembered and judges "as soon as possible" by that store\'s hours, not the default store\'s', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const atDefault = await setDelivery(shopper, { deliveryMethod: 'pick-up', scheduledFor: null });
    expect(cartOf(atDefault)).toMatchObject({ storeId: null, deliveryProblem: null });

    const chosen = await setDelivery(shopper, { deliveryMethod: 'pick-up', scheduledFor: null, storeId: lateStore });
    expect(chosen.statusCode).toBe(200);
    const cart = cartOf(await getCart(ctx, shopper));
    expect(cart.storeId).toBe(lateStore);
    expect(cart.deliveryProblem).toBe(
      'Pick up is open Monday to Friday between 15:00 and 18:00 (Jakarta time). It is now Monday 23 November at 13:30: please choose a time within those hours.',
    );

    // A client that names no store (the product page's method pills) keeps the chosen one.
    expect(cartOf(await setDelivery(shopper, { deliveryMethod: 'pick-up', scheduledFor: null })).storeId).toBe(lateStore);

    // Back to the default store: its hours apply again.
    expect(cartOf(await setDelivery(shopper, { deliveryMethod: 'pick-up', scheduledFor: null, storeId: null }))).toMatchObject({
      storeId: null,
      deliveryProblem: null,
    });
  });

  it("refuses a time outside the chosen store's hours that the default store would take", async () => {
    const shopper = await signUpAndSignIn(ctx);
    expect((await setDelivery(shopper, { deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T14:00' })).statusCode).toBe(200);
    const refused = await setDelivery(shopper, { deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T14:00', storeId: lateStore });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().field).toBe('scheduledFor');
    expect(refused.json<ErrorResponse>().message).toContain('between 15:00 and 18:00');

    const taken = await setDelivery(shopper, { deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T16:00', storeId: lateStore });
    expect(cartOf(taken)).toMatchObject({ storeId: lateStore, scheduledFor: '2026-11-23T16:00', deliveryProblem: null });
  });

  it('refuses an unknown store and a method the store does not offer, keeping the former choice', async () => {
    const shopper = await signUpAndSignIn(ctx);
    await setDelivery(shopper, { deliveryMethod: 'dine-in', scheduledFor: '2026-11-23T16:00', storeId: lateStore });

    const unknown = await setDelivery(shopper, { deliveryMethod: 'pick-up', scheduledFor: null, storeId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorResponse>()).toEqual({
      message: 'We could not find that store. Please choose one from the list of stores.',
      field: 'storeId',
    });
    const delivery = await setDelivery(shopper, { deliveryMethod: 'door-delivery', scheduledFor: null, storeId: lateStore });
    expect(delivery.statusCode).toBe(400);
    expect(delivery.json<ErrorResponse>()).toEqual({
      message: 'Kopi Senopati does not offer Door Delivery. Please choose another store or another way to get your order.',
      field: 'deliveryMethod',
    });
    expect(cartOf(await getCart(ctx, shopper))).toMatchObject({ deliveryMethod: 'dine-in', storeId: lateStore });
  });

  it('says so when the chosen store stops offering the saved method', async () => {
    const shopper = await signUpAndSignIn(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stores',
      headers: staff.headers,
      payload: storeSettings({ name: 'Kopi Blok M' }),
    });
    const storeId = res.json<StoreResponse>().data.id;
    await setDelivery(shopper, { deliveryMethod: 'dine-in', scheduledFor: '2026-11-23T16:00', storeId });
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/stores/${storeId}`,
      headers: staff.headers,
      payload: storeSettings({ name: 'Kopi Blok M', deliveryMethods: ['pick-up'] }),
    });
    expect(changed.statusCode).toBe(200);
    expect(cartOf(await getCart(ctx, shopper)).deliveryProblem).toBe(
      'Kopi Blok M does not offer Dine in. Please choose another store or another way to get your order.',
    );
  });
});
