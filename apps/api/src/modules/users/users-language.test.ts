import type { ErrorResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, randomIp } from '../../test/auth.js';
import { expectRefusedInBothLanguages, INDONESIAN } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

/** A sign-up from the shop's page with this password, from an address of its own. */
const signUpWith = (password: string) => () => ({
  method: 'POST' as const,
  url: '/api/v1/auth/register',
  remoteAddress: randomIp(),
  headers: { origin: SAME_ORIGIN },
  payload: { email: `weak-${Date.now()}@example.test`, password, phone: '0812 3456 7890' },
});

describe('the password advice', () => {
  it('reads in Bahasa Indonesia when the phone asks for it, and in the same English as ever otherwise', async () => {
    // The policy refuses a password with the shop's name in it.
    await expectRefusedInBothLanguages(ctx.app, signUpWith('MyCoffeeShop-2024'), 400, {
      english: { message: "Choose a password without the shop's name in it: it is among the first things anyone would try.", field: 'password' },
      indonesian: { message: 'Pilih kata sandi tanpa nama toko di dalamnya: itu termasuk hal pertama yang akan dicoba orang.', field: 'password' },
      language: 'id-ID,id;q=0.9',
    });
  });

  it('puts the translated reason inside the translated advice', async () => {
    const request = signUpWith('password1')();
    const res = await ctx.app.inject({ ...request, headers: { ...request.headers, ...INDONESIAN } });
    expect(res.statusCode).toBe(400);
    const { message } = res.json<ErrorResponse>();
    expect(message).toMatch(/^Kata sandi ini .+ Pilih kata sandi yang lebih panjang .+ \(tapi jangan yang itu\)\.$/);
  });
});
