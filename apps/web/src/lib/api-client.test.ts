import { describe, expect, it } from 'vitest';
import { ProductResponse } from '@coffee/contract';
import { stubFetch } from '../testing/fetch-stub';
import { createProduct, jsonResponse } from '../testing/product-factory';
import { ApiError, apiGet, apiUrl } from './api-client';

describe('api client', () => {
  it('builds same-origin /api/v1 addresses and leaves out empty parameters', () => {
    expect(apiUrl('/products', { cat: 'coffee', search: '', page: 2, featured: undefined })).toBe('/api/v1/products?cat=coffee&page=2');
  });

  it('returns the checked answer and sends the session cookie', async () => {
    const product = createProduct({ id: 3 });
    stubFetch(() => jsonResponse({ data: product }));
    const answer = await apiGet('/products/3', { schema: ProductResponse });
    expect(answer.data.name).toBe(product.name);
    const [, init] = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
  });

  it("throws an ApiError carrying the status and the server's message and field", async () => {
    stubFetch(() => jsonResponse({ message: 'search must be at most 100 characters', field: 'search' }, 400));
    const error = await apiGet('/products', { schema: ProductResponse }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('search must be at most 100 characters');
    expect((error as ApiError).field).toBe('search');
  });

  it('reports an answer that does not match the contract instead of passing it on', async () => {
    stubFetch(() => jsonResponse({ data: { id: 'not-a-number' } }));
    await expect(apiGet('/products/1', { schema: ProductResponse })).rejects.toThrow(/does not understand/);
  });

  it('reports an unreachable server as status 0 with a readable message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiGet('/products', { schema: ProductResponse }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toMatch(/could not reach the shop/);
  });
});
