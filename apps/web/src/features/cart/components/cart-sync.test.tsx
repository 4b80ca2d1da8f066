import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart, MergeCartInputBody } from '@coffee/contract';
import { Navbar } from '../../../components/layout/navbar';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createCart, createCartLine } from '../../../testing/order-factory';
import { createProduct, jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { ProductDetailRoute } from '../../../app/routes/product-detail';
import { VISITOR_CART_KEY, updateVisitorCart } from '../visitor-cart';
import { CartCountProvider, CartSync } from './cart-sync';

// The signed-in bar loads lazily: its module is loaded up front, so the waits below are for the cart, not for the test
// runner compiling that module on first use.
beforeAll(async () => {
  await import('../../../components/layout/navbar-signed-in');
});

const signIn = () => act(() => writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null }));

function Shell({ children }: { children?: ReactNode }) {
  return (
    <>
      <CartSync />
      <CartCountProvider>
        <Navbar />
      </CartCountProvider>
      {children}
    </>
  );
}

const cartLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

describe('the cart badge and the merge at sign-in', () => {
  it("counts the visitor's items on 'Your Cart' as they are added", async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ data: createProduct({ id: 7, name: 'Hazelnut Latte' }) }));
    renderRoutes(
      [
        {
          path: '/products/:id',
          element: (
            <Shell>
              <ProductDetailRoute />
            </Shell>
          ),
        },
      ],
      '/products/7',
    );
    expect(cartLink('Your Cart')).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('button', { name: 'Increase Hazelnut Latte' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cartLink('Your Cart, 2 items')).toBeTruthy());
  });

  it("merges the browser cart into the account when the login record appears, then shows the account's count", async () => {
    updateVisitorCart(() => ({
      lines: [
        { productId: 7, size: 'L', quantity: 2 },
        { productId: 7, size: 'R', quantity: 1 },
      ],
      delivery: null,
    }));
    // The account already had one Regular: the server adds the same product and size up.
    let account: Cart = createCart({ lines: [createCartLine({ id: 1, sizeCode: 'R', quantity: 1 })] });
    const { requests } = stubFetch((url, request) => {
      if (url.pathname === '/api/v1/cart/merge') {
        const body = request.body as MergeCartInputBody;
        expect(body.lines).toHaveLength(2);
        account = createCart({
          lines: [createCartLine({ id: 1, sizeCode: 'R', quantity: 2 }), createCartLine({ id: 2, sizeCode: 'L', quantity: 2 })],
        });
        return jsonResponse({ data: account, notes: [] });
      }
      return jsonResponse({ data: account });
    });
    renderRoutes([{ path: '/', element: <Shell /> }], '/');
    expect(cartLink('Your Cart, 3 items')).toBeTruthy();

    signIn();

    await waitFor(() => expect(cartLink('Your Cart, 4 items')).toBeTruthy());
    expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
    const merges = requests.filter((r) => r.url.pathname === '/api/v1/cart/merge');
    expect(merges).toHaveLength(1);
    expect(merges[0]?.body).toEqual({
      lines: [
        { productId: 7, size: 'L', quantity: 2 },
        { productId: 7, size: 'R', quantity: 1 },
      ],
    });
    expect(await screen.findByText('The items you chose before signing in are in your cart.')).toBeTruthy();
  });

  it('keeps the browser cart when the shop cannot be reached, to merge it at the next sign-in', async () => {
    updateVisitorCart(() => ({ lines: [{ productId: 7, size: 'L', quantity: 2 }], delivery: null }));
    stubFetch((url) => (url.pathname === '/api/v1/cart/merge' ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ data: createCart() })));
    renderRoutes([{ path: '/', element: <Shell /> }], '/');
    signIn();
    expect(await screen.findByText(/could not be added to your cart/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? 'null')).toMatchObject({
      lines: [{ productId: 7, size: 'L', quantity: 2 }],
      delivery: null,
    });
  });

  it('sends a merge cut off by a reload again with the same key, so the account gets the cart once', async () => {
    const lines = [{ productId: 7, size: 'L' as const, quantity: 2 }];
    updateVisitorCart(() => ({ lines, delivery: null }));
    const { requests } = stubFetch((url) => {
      if (url.pathname !== '/api/v1/cart/merge') return jsonResponse({ data: createCart() });
      // The first merge is still on its way when the page reloads; the one sent after the reload is answered.
      if (requests.filter((r) => r.url.pathname === '/api/v1/cart/merge').length === 1) return new Promise<Response>(() => undefined);
      return jsonResponse({ data: createCart({ lines: [createCartLine({ id: 1, sizeCode: 'L', quantity: 2 })] }), notes: [] });
    });
    const mergeKeys = () => requests.filter((r) => r.url.pathname === '/api/v1/cart/merge').map((r) => r.headers['Idempotency-Key']);
    const before = renderRoutes([{ path: '/', element: <Shell /> }], '/');
    signIn();
    await waitFor(() => expect(mergeKeys()).toHaveLength(1));
    // Still in this browser, with the key it went with, while the shop has not answered.
    expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? 'null')).toEqual({ lines, delivery: null, mergeKey: mergeKeys()[0] });

    before.unmount();
    renderRoutes([{ path: '/', element: <Shell /> }], '/');

    await waitFor(() => expect(mergeKeys()).toHaveLength(2));
    expect(mergeKeys()[1]).toBe(mergeKeys()[0]);
    await waitFor(() => expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull());
  });
});
