import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddCartLineInputBody, Cart } from '@coffee/contract';
import { writeLoginRecord } from '../../lib/login-record';
import { VISITOR_CART_KEY } from '../../features/cart/visitor-cart';
import { stubFetch } from '../../testing/fetch-stub';
import { createCart, createCartLine } from '../../testing/order-factory';
import { createProduct, jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';
import { ProductDetailRoute } from './product-detail';

// The cart's calls load on the first add. Loaded once up front, so a test waits on the page and not on the test runner
// compiling them on first use.
beforeAll(async () => {
  await import('../../features/cart/add-to-cart');
});

const latte = createProduct({ id: 7, name: 'Hazelnut Latte', price: 34 });

const setup = () =>
  renderRoutes(
    [
      { path: '/products/:id', element: <ProductDetailRoute /> },
      { path: '/payment', element: <p>Payment page</p> },
    ],
    '/products/7',
  );

const storedCart = () => JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? 'null') as { lines: AddCartLineInputBody[] } | null;
const press = async (user: ReturnType<typeof userEvent.setup>, name: string, times = 1) => {
  for (let i = 0; i < times; i++) await user.click(screen.getByRole('button', { name }));
};
const count = (size: string) => within(screen.getByRole('group', { name: `${size} quantity` })).getByRole('status').textContent;

describe('Product detail: putting it in the cart', () => {
  it("keeps a visitor's lines in this browser, one per size, and the same size adds up", async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ data: latte }));
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });

    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await press(user, 'Increase Hazelnut Latte');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to your cart')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Regular' }));
    await press(user, 'Decrease Hazelnut Latte');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await vi.waitFor(() => expect(storedCart()?.lines).toHaveLength(2));

    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await vi.waitFor(() =>
      expect(storedCart()?.lines).toEqual([
        { productId: 7, size: 'L', quantity: 3 },
        { productId: 7, size: 'R', quantity: 1 },
      ]),
    );
  });

  it('adds one of the chosen size by default', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ data: latte }));
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });
    await user.click(screen.getByRole('radio', { name: 'Extra Large' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('Added to your cart');
    expect(storedCart()?.lines).toEqual([{ productId: 7, size: 'XL', quantity: 1 }]);
  });

  it("CHECK OUT keeps a visitor's choice and opens the checkout (whose guard asks them to sign in)", async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ data: latte }));
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });
    await press(user, 'Increase Hazelnut Latte');
    await user.click(screen.getByRole('button', { name: 'CHECK OUT' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(storedCart()?.lines).toEqual([{ productId: 7, size: 'R', quantity: 2 }]);
  });

  it('CHECK OUT right after Add to Cart does not add the same again', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ data: latte }));
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('Added to your cart');
    await user.click(screen.getByRole('button', { name: 'CHECK OUT' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(storedCart()?.lines).toEqual([{ productId: 7, size: 'R', quantity: 1 }]);
  });

  it("sends a signed-in customer's choice to the cart API: delivery first, then the chosen line", async () => {
    const user = userEvent.setup();
    writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
    let cart: Cart = createCart();
    const { requests } = stubFetch((url, request) => {
      if (url.pathname === '/api/v1/products/7') return jsonResponse({ data: latte });
      if (url.pathname === '/api/v1/cart' && request.method === 'GET') return jsonResponse({ data: cart });
      if (url.pathname === '/api/v1/cart/delivery') {
        cart = { ...cart, ...(request.body as Partial<Cart>) };
        return jsonResponse({ data: cart });
      }
      if (url.pathname === '/api/v1/cart/items') {
        const body = request.body as AddCartLineInputBody;
        cart = createCart({ ...cart, lines: [...cart.lines, createCartLine({ sizeCode: body.size ?? null, quantity: body.quantity })] });
        return jsonResponse({ data: cart });
      }
      return jsonResponse({ message: 'not found' }, 404);
    });
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });

    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await press(user, 'Increase Hazelnut Latte');
    await user.click(screen.getByRole('radio', { name: 'Pick up' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('Added to your cart');

    const writes = requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url.pathname, r.body]);
    expect(writes).toEqual([
      ['PUT', '/api/v1/cart/delivery', { deliveryMethod: 'pick-up', scheduledFor: null }],
      ['POST', '/api/v1/cart/items', { productId: 7, size: 'L', quantity: 2 }],
    ]);
    expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
  });

  it("shows the shop's refusal and keeps the customer's choices", async () => {
    const user = userEvent.setup();
    writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
    stubFetch((url) => {
      if (url.pathname === '/api/v1/products/7') return jsonResponse({ data: latte });
      if (url.pathname === '/api/v1/cart/items') {
        return jsonResponse({ message: 'Hazelnut Latte is sold out: it cannot be ordered now', field: 'productId' }, 409);
      }
      return jsonResponse({ data: createCart() });
    });
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await press(user, 'Increase Hazelnut Latte');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Hazelnut Latte is sold out');
    expect(count('Hazelnut Latte')).toBe('2');
    expect(screen.getByText('2 × Large')).toBeTruthy();
    expect(screen.queryByText('Added to your cart')).toBeNull();
  });
});
