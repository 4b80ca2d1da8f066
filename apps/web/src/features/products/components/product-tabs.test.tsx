import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Category } from '@coffee/contract';
import { stubFetch, settle } from '../../../testing/fetch-stub';
import { createProduct, createProductPage, jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { DEFAULT_TAB, ProductTabs } from './product-tabs';
import type { ProductTabKey } from './product-tabs';

const menu = {
  featured: [createProduct({ name: 'Hazelnut Latte', isFavorite: true }), createProduct({ name: 'Pinky Promise', category: 'non-coffee', isPromo: true })],
  coffee: [createProduct({ name: 'Cold Brew' }), createProduct({ name: 'Cappuccino', isSoldOut: true })],
  'non-coffee': [createProduct({ name: 'Matcha Latte', category: 'non-coffee' })],
  foods: [createProduct({ name: 'Chicken Wings', category: 'foods', sizes: [] })],
  'add-on': [],
} satisfies Record<Category | 'featured', unknown[]>;

function stubMenuApi() {
  return stubFetch((url) => {
    const cat = url.searchParams.get('cat') as Category | null;
    const list = url.searchParams.get('featured') === 'true' ? menu.featured : cat ? menu[cat] : [];
    return jsonResponse(createProductPage(list));
  });
}

function Tabs() {
  const [tab, setTab] = useState<ProductTabKey>(DEFAULT_TAB);
  return <ProductTabs active={tab} onChange={setTab} />;
}

const requestsFor = (calls: URL[], param: 'cat' | 'featured', value: string) =>
  calls.filter((url) => url.pathname === '/api/v1/products' && url.searchParams.get(param) === value).length;

describe('ProductTabs', () => {
  it('requests only the Favorite & Promo list at first', async () => {
    const { calls } = stubMenuApi();
    renderRoutes([{ path: '/products', element: <Tabs /> }], '/products');

    expect(await screen.findByRole('link', { name: 'Hazelnut Latte' })).toBeTruthy();
    await settle();
    expect(calls).toHaveLength(1);
    expect(requestsFor(calls, 'featured', 'true')).toBe(1);
    expect(screen.getByRole('tab', { name: 'Favorite & Promo' }).getAttribute('aria-selected')).toBe('true');
  });

  it('requests a category when its tab is first shown, and not again when switching back', async () => {
    const user = userEvent.setup();
    const { calls } = stubMenuApi();
    renderRoutes([{ path: '/products', element: <Tabs /> }], '/products');
    await screen.findByRole('link', { name: 'Hazelnut Latte' });

    await user.click(screen.getByRole('tab', { name: 'Coffee' }));
    expect(await screen.findByRole('link', { name: 'Cold Brew' })).toBeTruthy();
    expect(requestsFor(calls, 'cat', 'coffee')).toBe(1);

    await user.click(screen.getByRole('tab', { name: 'Favorite & Promo' }));
    expect(screen.getByRole('link', { name: 'Hazelnut Latte' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Coffee' }));
    expect(screen.getByRole('link', { name: 'Cold Brew' })).toBeTruthy();
    await settle();

    expect(requestsFor(calls, 'featured', 'true')).toBe(1);
    expect(requestsFor(calls, 'cat', 'coffee')).toBe(1);
    // Tabs never shown were never requested.
    expect(requestsFor(calls, 'cat', 'foods')).toBe(0);
    expect(requestsFor(calls, 'cat', 'non-coffee')).toBe(0);
    expect(requestsFor(calls, 'cat', 'add-on')).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it('moves between tabs with the arrow keys, loading the tab it lands on', async () => {
    const user = userEvent.setup();
    const { calls } = stubMenuApi();
    renderRoutes([{ path: '/products', element: <Tabs /> }], '/products');
    await screen.findByRole('link', { name: 'Hazelnut Latte' });

    screen.getByRole('tab', { name: 'Favorite & Promo' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const nonCoffee = screen.getByRole('tab', { name: 'Non Coffee' });
    expect(nonCoffee.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(nonCoffee);
    expect(await screen.findByRole('link', { name: 'Matcha Latte' })).toBeTruthy();

    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Add-On' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Nothing here yet. Check back soon!')).toBeTruthy();
    // Passing over Coffee with the arrows showed it, so it was loaded once too.
    expect(requestsFor(calls, 'cat', 'coffee')).toBe(1);
  });

  it('shows each card with its price, badges and the discount note', async () => {
    const user = userEvent.setup();
    stubMenuApi();
    renderRoutes([{ path: '/products', element: <Tabs /> }], '/products');
    await user.click(await screen.findByRole('tab', { name: 'Coffee' }));

    const panel = screen.getByRole('tabpanel');
    const card = (await within(panel).findByRole('link', { name: 'Cappuccino' })).closest('article');
    expect(card?.textContent).toContain('Sold out');
    expect(card?.textContent).toContain('IDR 34.000');
    expect(within(panel).getByRole('link', { name: 'Cold Brew' }).getAttribute('href')).toBe(`/products/${menu.coffee[0]?.id}`);
    // A product without a picture still shows, with a placeholder in its place.
    expect(within(panel).getByRole('img', { name: 'Cold Brew' })).toBeTruthy();
    expect(panel.textContent).toContain('*the price has been cutted by discount appears.');
  });

  it('shows the error with a retry that asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { calls } = stubFetch(() =>
      fail ? jsonResponse({ message: 'The menu is resting, try again.' }, 503) : jsonResponse(createProductPage(menu.featured)),
    );
    renderRoutes([{ path: '/products', element: <Tabs /> }], '/products');

    expect((await screen.findByRole('alert')).textContent).toContain('The menu is resting, try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Hazelnut Latte' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('loads the next page on "Load more" when the server has more', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 2 }, (_, i) => createProduct({ name: `Blend ${i + 1}` }));
    const second = [createProduct({ name: 'Blend 3' })];
    const { calls } = stubFetch((url) =>
      jsonResponse(
        url.searchParams.get('page') === '2'
          ? createProductPage(second, { page: 2, limit: 2, total: 3 })
          : createProductPage(first, { page: 1, limit: 2, total: 3 }),
      ),
    );
    renderRoutes([{ path: '/products', element: <Tabs /> }], '/products');
    await screen.findByRole('link', { name: 'Blend 1' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Blend 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
  });
});
