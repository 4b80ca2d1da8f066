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

const ask = (asked?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/questions',
    remoteAddress: randomIp(),
    headers: { origin: SAME_ORIGIN, ...(asked ? { 'accept-language': asked } : {}) },
    payload: { name: 'Sari', contact: 'sari@example.test', message: 'Is it still made with oat milk?', productId: 987654 },
  });

describe('a question about a product no longer on the menu', () => {
  it('is refused in Bahasa Indonesia when asked, in the same English otherwise', async () => {
    const indonesian = await ask('id');
    expect(indonesian.statusCode).toBe(400);
    expect(indonesian.json<ErrorResponse>()).toEqual({ message: 'Produk tersebut sudah tidak ada di menu. Silakan tanyakan produk lain.', field: 'productId' });
    expect((await ask()).json<ErrorResponse>()).toEqual({ message: 'That product is no longer on the menu. Please ask about another one.', field: 'productId' });
  });
});
