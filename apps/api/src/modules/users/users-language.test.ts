import type { ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, randomIp } from '../../test/auth.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** Signs up with a password the policy refuses (it contains the shop's name), in the language asked for. */
const signUpWithWeakPassword = (language?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress: randomIp(),
    headers: { origin: SAME_ORIGIN, ...(language ? { 'accept-language': language } : {}) },
    payload: { email: `weak-${Date.now()}@example.test`, password: 'MyCoffeeShop-2024', phone: '0812 3456 7890' },
  });

describe('the password advice', () => {
  it('reads in Bahasa Indonesia when the phone asks for it, and in the same English as ever otherwise', async () => {
    const indonesian = await signUpWithWeakPassword('id-ID,id;q=0.9');
    expect(indonesian.statusCode).toBe(400);
    expect(indonesian.json<ErrorResponse>()).toEqual({
      message: 'Pilih kata sandi tanpa nama toko di dalamnya: itu termasuk hal pertama yang akan dicoba orang.',
      field: 'password',
    });
    const english = await signUpWithWeakPassword();
    expect(english.json<ErrorResponse>()).toEqual({
      message: "Choose a password without the shop's name in it: it is among the first things anyone would try.",
      field: 'password',
    });
  });

  it('puts the translated reason inside the translated advice', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: randomIp(),
      headers: { origin: SAME_ORIGIN, 'accept-language': 'id' },
      payload: { email: `guess-${Date.now()}@example.test`, password: 'password1', phone: '0812 3456 7890' },
    });
    expect(res.statusCode).toBe(400);
    const { message } = res.json<ErrorResponse>();
    expect(message).toMatch(/^Kata sandi ini .+ Pilih kata sandi yang lebih panjang .+ \(tapi jangan yang itu\)\.$/);
  });
});
