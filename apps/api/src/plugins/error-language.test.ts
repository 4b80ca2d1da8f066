import type { ErrorResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, randomIp } from '../test/auth.js';
import { INDONESIAN, inLanguage } from '../test/languages.js';
import { useTestApp } from '../test/test-app.js';

const ctx = useTestApp();

const register = (language?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress: randomIp(),
    headers: inLanguage({ origin: SAME_ORIGIN }, language),
    payload: { password: 'Roasted#Beans-2024', phone: '0812 3456 7890' },
  });

describe('the language of error messages', () => {
  it('is English when the request asks for none, or only for languages the shop does not speak', async () => {
    for (const language of [undefined, 'fr-FR, de;q=0.5', '*']) {
      const res = await register(language);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>()).toMatchObject({ message: 'Email is required.', field: 'email' });
    }
  });

  it('is Indonesian for a phone set to Bahasa Indonesia, the field still named apart', async () => {
    const res = await register('id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({
      message: 'Email wajib diisi.',
      field: 'email',
      errors: [{ field: 'email', message: 'wajib diisi' }],
    });
  });

  it('follows the order of preference', async () => {
    expect((await register('en;q=1, id;q=0.5')).json<ErrorResponse>().message).toBe('Email is required.');
    expect((await register('en;q=0.5, id')).json<ErrorResponse>().message).toBe('Email wajib diisi.');
  });

  it('covers refusals thrown by the shop and unknown addresses, with their values put in', async () => {
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: INDONESIAN });
    expect(me.statusCode).toBe(401);
    expect(me.json<ErrorResponse>().message).toBe('Silakan masuk untuk melanjutkan');
    const lost = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing?x=1', headers: INDONESIAN });
    expect(lost.statusCode).toBe(404);
    expect(lost.json<ErrorResponse>().message).toBe('Tidak ada alamat GET /api/v1/no-such-thing');
  });
});
