import type { ErrorResponse, StoreInput, StoreResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { storeInput } from '../../test/factories.js';
import { testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

// Monday 2026-11-23, 13:30 in Jakarta, 14:30 in Makassar.
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
});

const settings = (overrides: Partial<StoreInput> = {}): StoreInput =>
  storeInput('Kopi Losari', {
    address: 'Jl. Penghibur No. 3, Makassar',
    latitude: -5.14,
    longitude: 119.41,
    phone: '',
    deliveryMethods: ['pick-up'],
    openingHours: [{ day: 1, from: '14:00', to: '18:00' }],
    leadMinutes: 0,
    ...overrides,
  });

const post = (body: StoreInput) => ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: staff.headers, payload: body });

describe("a store's time zone", () => {
  it("keeps the store's hours on its own clock, and goes back to the shop's clock when cleared", async () => {
    const created = await post(settings({ timeZone: 'Asia/Makassar' }));
    expect(created.statusCode).toBe(201);
    const store = created.json<StoreResponse>().data;
    // 14:30 in Makassar: open, though it is only 13:30 on the shop's clock.
    expect(store).toMatchObject({ timeZone: 'Asia/Makassar', today: { hours: { from: '14:00', to: '18:00' }, openNow: true } });

    const cleared = await ctx.app.inject({ method: 'PUT', url: `/api/v1/stores/${store.id}`, headers: staff.headers, payload: settings({ timeZone: null }) });
    expect(cleared.json<StoreResponse>().data).toMatchObject({ timeZone: 'Asia/Jakarta', today: { openNow: false } });
  });

  it('refuses a zone that does not exist, naming the field', async () => {
    const res = await post(settings({ timeZone: 'Asia/Atlantis' }));
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorResponse>();
    expect(error.field).toBe('timeZone');
    expect(error.message).toContain('must be a time zone such as Asia/Jakarta');
  });
});
