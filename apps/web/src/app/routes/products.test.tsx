import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { createProduct, createProductPage, jsonResponse } from '../../testing/product-factory';
import { createPromotions } from '../../testing/promotion-factory';
import { renderRoutes } from '../../testing/render';
import { ProductsRoute } from './products';

const products = [createProduct({ name: 'Iced Latte' }), createProduct({ name: 'Hazelnut Latte' })];

function stubSearchApi() {
  const stub = stubFetch((url) => {
    if (url.pathname === '/api/v1/promotions') return jsonResponse({ data: createPromotions() });
    const search = url.searchParams.get('search')?.toLowerCase();
    const list = search ? products.filter((p) => p.name.toLowerCase().includes(search)) : products;
    return jsonResponse(createProductPage(list));
  });
  return stub;
}

/** The product requests, whatever the promo panel asked meanwhile. */
const productCalls = (calls: URL[]) => calls.filter((url) => url.pathname !== '/api/v1/promotions');

describe('/products', () => {
  it('shows the results for ?search=, with a count and a way back to the tabs', async () => {
    const user = userEvent.setup();
    const { calls } = stubSearchApi();
    const { router } = renderRoutes([{ path: '/products', element: <ProductsRoute /> }], '/products?search=latte');

    expect(screen.getByRole('heading', { level: 1, name: 'Search results for "latte"' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Iced Latte' })).toBeTruthy();
    expect(screen.getByText('2 products found')).toBeTruthy();
    expect(productCalls(calls)[0]?.searchParams.get('search')).toBe('latte');
    expect(screen.queryByRole('tablist')).toBeNull();

    await user.click(screen.getByRole('link', { name: /Back to all products/ }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('tablist', { name: 'Product categories' })).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    stubSearchApi();
    renderRoutes([{ path: '/products', element: <ProductsRoute /> }], '/products?search=pizza');
    expect(await screen.findByText('No products match "pizza"')).toBeTruthy();
    expect(screen.getByText('0 products found')).toBeTruthy();
  });

  it('keeps the chosen tab in the address and shows the promo panel', async () => {
    const user = userEvent.setup();
    const { calls } = stubSearchApi();
    const { router } = renderRoutes([{ path: '/products', element: <ProductsRoute /> }], '/products?tab=foods');

    expect(screen.getByRole('tab', { name: 'Foods' }).getAttribute('aria-selected')).toBe('true');
    await screen.findAllByRole('link');
    expect(productCalls(calls)[0]?.searchParams.get('cat')).toBe('foods');

    await user.click(screen.getByRole('tab', { name: 'Favorite & Promo' }));
    expect(router.state.location.search).toBe('');

    expect(screen.getByRole('heading', { name: 'Promo Today' })).toBeTruthy();
    expect(screen.getByText('Coupons will be updated every weeks. Check them out!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(screen.getByText('Choose a coupon first.')).toBeTruthy();
    // A visitor has no cart on the server to put a coupon on: asked to sign in.
    await user.click(await screen.findByRole('radio', { name: /Happy Halloween/ }));
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(screen.getByText(/Sign in to use a coupon/)).toBeTruthy();
  });
});
