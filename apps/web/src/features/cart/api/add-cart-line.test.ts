import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { createCart } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { addCartLine } from './add-cart-line';
import { newIdempotencyKey } from './retry-safe-change';
import { mergeCart } from './merge-cart';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const line = { productId: 7, size: 'R' as const, quantity: 1 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('addCartLine', () => {
  it('sends a new Idempotency-Key with every click', async () => {
    const { requests } = stubFetch(() => jsonResponse({ data: createCart() }));
    await addCartLine(line);
    await addCartLine(line);
    const keys = requests.map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('asks once more with the same key when the connection drops, and gives up after that', async () => {
    let attempt = 0;
    const { requests } = stubFetch(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ data: createCart() });
    });
    await addCartLine(line);
    const [first, retry] = requests.map((r) => r.headers['Idempotency-Key']);
    expect(requests).toHaveLength(2);
    expect(retry).toBe(first);

    const down = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(addCartLine(line)).rejects.toMatchObject({ status: 0 });
    expect(down.requests).toHaveLength(2);
  });

  it('does not retry an answer the shop gave (a refusal is final)', async () => {
    const { requests } = stubFetch(() => jsonResponse({ message: 'Hazelnut Latte is sold out: it cannot be ordered now', field: 'productId' }, 409));
    await expect(addCartLine(line)).rejects.toMatchObject({ status: 409 });
    expect(requests).toHaveLength(1);
  });
});

describe('mergeCart', () => {
  it('sends the browser cart with an Idempotency-Key, the same one again after a dropped connection', async () => {
    let attempt = 0;
    const { requests } = stubFetch(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ data: createCart(), notes: [] });
    });
    const key = newIdempotencyKey();
    await mergeCart({ lines: [line] }, key);
    const keys = requests.map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys).toEqual([key, key]);
  });
});
