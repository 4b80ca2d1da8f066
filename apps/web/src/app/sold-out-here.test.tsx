import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeLoginRecord } from '../lib/login-record';
import { stubFetch } from '../testing/fetch-stub';
import { createProduct, createProductPage, jsonResponse } from '../testing/product-factory';
import { renderRoutes } from '../testing/render';
import { createStore } from '../testing/store-factory';
import { ProductCard } from '../features/products/components/product-card';
import { useProducts } from '../features/products/api/get-products';
import { SoldOutToggles } from '../features/stores/components/sold-out-toggles';
import { SoldOutHere } from './sold-out-here';

/** The menu's cards as the products tab draws them, from the cached list answer. */
function Menu() {
  const list = useProducts({});
  return <>{list.data?.data.map((product) => <ProductCard key={product.id} product={product} />)}</>;
}

describe('sold out per store', () => {
  it("shows a product Sold out for the customer's store only", async () => {
    const kemang = createStore({ id: 1, name: 'Kopi Kemang' });
    const senopati = createStore({ id: 2, name: 'Kopi Senopati' });
    const latte = createProduct({ id: '7', name: 'Gula Aren Latte' });
    const { requests } = stubFetch((url) => {
      if (url.pathname === '/api/v1/stores') return jsonResponse({ data: [kemang, senopati] });
      if (url.pathname === '/api/v1/products') return jsonResponse(createProductPage([latte]));
      const store = Number(/\/stores\/(\d+)\/sold-out/.exec(url.pathname)?.[1]);
      // Only Senopati has run out.
      return jsonResponse({ data: { storeId: store, productIds: store === 2 ? [7] : [] } });
    });
    const page = (storeId: number | null) => (
      <>
        <SoldOutHere storeId={storeId} />
        <Menu />
      </>
    );
    const first = renderRoutes([{ path: '/', element: page(null) }], '/');
    // No store chosen: the default store (listed first), which still sells it.
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/v1/stores/1/sold-out')).toBe(true));
    expect(await screen.findByRole('link', { name: 'Gula Aren Latte' })).toBeTruthy();
    expect(screen.queryByText('Sold out')).toBeNull();
    first.unmount();

    renderRoutes([{ path: '/', element: page(2) }], '/');
    expect(await screen.findByText('Sold out')).toBeTruthy();
  });

  it('lets staff mark a product sold out at the display\'s store, and shows one sold out everywhere without a switch', async () => {
    const user = userEvent.setup();
    writeLoginRecord({ id: 9, email: 'manager@example.com', role: 'staff', displayName: 'Manager', photoUrl: null });
    let soldOut: number[] = [];
    const { requests } = stubFetch((url, request) => {
      if (request.method === 'PUT') soldOut = [Number(url.pathname.split('/').at(-1))];
      return jsonResponse({ data: { storeId: 2, productIds: soldOut } });
    });
    const products = [
      { id: 7, name: 'Gula Aren Latte', isSoldOut: false },
      { id: 8, name: 'Croissant', isSoldOut: true },
    ];
    renderRoutes([{ path: '/', element: <SoldOutToggles storeId={2} storeName="Kopi Senopati" products={products} /> }], '/');
    const list = await screen.findByRole('list', { name: 'Sold out at Kopi Senopati' });
    const latte = within(list).getByRole('button', { name: 'Gula Aren Latte sold out at Kopi Senopati' });
    expect(latte.getAttribute('aria-pressed')).toBe('false');
    expect(within(list).getByText('Sold out everywhere')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Croissant/ })).toBeNull();

    await user.click(latte);
    await waitFor(() => expect(latte.getAttribute('aria-pressed')).toBe('true'));
    expect(requests.find((r) => r.method === 'PUT')?.url.pathname).toBe('/api/v1/stores/2/sold-out/7');
    expect(latte.textContent).toBe('Sold out');
  });
});
