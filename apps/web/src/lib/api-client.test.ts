import { describe, expect, it, vi } from 'vitest';
import { ProductResponse } from '@coffee/contract';
import { stubFetch } from '../testing/fetch-stub';
import { createProduct, jsonResponse } from '../testing/product-factory';
import { startLanguage } from './i18n';
import { ApiError, apiGet, apiUrl, onSessionEnded } from './api-client';
import { LOGIN_RECORD_KEY, lastRecordRemoval, writeLoginRecord } from './login-record';

describe('api client', () => {
  it('builds same-origin /api/v1 addresses and leaves out empty parameters', () => {
    expect(apiUrl('/products', { cat: 'coffee', search: '', page: 2, featured: undefined })).toBe('/api/v1/products?cat=coffee&page=2');
  });

  it('returns the checked answer, sends the session cookie and asks for the language the screens are in', async () => {
    const product = createProduct({ id: 3 });
    stubFetch(() => jsonResponse({ data: product }));
    const answer = await apiGet('/products/3', { schema: ProductResponse });
    expect(answer.data.name).toBe(product.name);
    const [, init] = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
    // The screens' language, not the browser's: the API's messages read in the language around them.
    expect(init?.headers).toMatchObject({ 'Accept-Language': 'en' });
    await startLanguage('id', ['shop']);
    try {
      await apiGet('/products/3', { schema: ProductResponse });
      const [, indonesian] = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[1] ?? [];
      expect(indonesian?.headers).toMatchObject({ 'Accept-Language': 'id' });
    } finally {
      await startLanguage('en', ['shop']);
    }
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

describe('api client: an ended session (401)', () => {
  it("drops a signed-in user's login record and tells the app once", async () => {
    writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    stubFetch(() => jsonResponse({ message: 'Please sign in to continue' }, 401));

    const error = await apiGet('/users/me', { schema: ProductResponse }).catch((e: unknown) => e);

    expect((error as ApiError).status).toBe(401);
    expect(localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
    expect(lastRecordRemoval()).toBe('session-ended');
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('leaves the record alone when the 401 is an ordinary answer (a wrong password at sign-in)', async () => {
    writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    stubFetch(() => jsonResponse({ message: 'Email or password is incorrect' }, 401));

    await expect(apiGet('/auth/login', { schema: ProductResponse, on401: 'ignore' })).rejects.toThrow('Email or password is incorrect');
    expect(localStorage.getItem(LOGIN_RECORD_KEY)).not.toBeNull();
    expect(ended).not.toHaveBeenCalled();
    unsubscribe();
  });

  it("does not send a visitor anywhere: a visitor's 401 is the caller's to show", async () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    stubFetch(() => jsonResponse({ message: 'Please sign in to continue' }, 401));
    await expect(apiGet('/cart', { schema: ProductResponse })).rejects.toThrow('Please sign in to continue');
    expect(ended).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('keeps every field error the API lists', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'phone must have 6 to 15 digits',
          field: 'phone',
          errors: [
            { field: 'phone', message: 'must have 6 to 15 digits' },
            { field: 'firstName', message: 'must be at most 50 characters' },
          ],
        },
        400,
      ),
    );
    const error = (await apiGet('/users/me', { schema: ProductResponse }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors.map((e) => e.field)).toEqual(['phone', 'firstName']);
  });
});
