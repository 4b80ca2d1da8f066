import type { Page } from '@playwright/test';
import { CUSTOMER, STAFF, expect, signIn, test } from './fixtures.js';
import { overflowing, walkPages } from './overflow.js';

/**
 * No element of any page ends past the viewport's right edge, on a phone, a tablet and a laptop. A page that clips
 * its overflow (overflow: hidden) shows no sideways scroll, so the page's width alone does not tell: every visible
 * element's box is measured. Content inside a sideways-scrolling strip (overflow-x: auto) is meant to go on past the
 * edge and is left out; so are visually hidden elements (sr-only) and what has no size.
 */
const WIDTHS = [360, 768, 1366];

const VISITOR_PAGES = ['/', '/products', '/products/3', '/stores', '/login', '/register', '/forgot-password', '/no-such-page'];
const CUSTOMER_PAGES = ['/payment', '/history', '/user'];
const STAFF_PAGES = ['/staff/orders', '/staff/stores', '/staff/promotions', '/staff/options', '/add-products', '/edit-products/3'];

const walk = (page: Page, paths: string[]) => walkPages(page, paths, WIDTHS, () => overflowing(page));

test('no element ends past the right edge on a visitor’s pages', async ({ page }) => {
  test.slow();
  expect(await walk(page, VISITOR_PAGES)).toEqual([]);
});

test('no element ends past the right edge on a customer’s pages, the checkout with a cart', async ({ page }) => {
  test.slow();
  await signIn(page, CUSTOMER.email, CUSTOMER.password);
  await page.goto('/products/3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
  expect(await walk(page, CUSTOMER_PAGES)).toEqual([]);
});

test('no element ends past the right edge on staff pages', async ({ page }) => {
  test.slow();
  await signIn(page, STAFF.email, STAFF.password);
  expect(await walk(page, STAFF_PAGES)).toEqual([]);
});

test('the maps on /stores and home show every store, named, whole on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const stores = ((await (await page.request.get('/api/v1/stores')).json()) as { data: { name: string }[] }).data;
  for (const path of ['/stores', '/']) {
    await page.goto(path);
    const map = page.getByRole('img', { name: /^Map of our \d+ stores/ });
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('aria-label', `Map of our ${stores.length} stores: ${stores.map((s) => s.name).join(', ')}`);
    const box = await map.boundingBox();
    if (!box) throw new Error(`no map on ${path}`);
    // Every pin (its drawn shape, not the name beside it, which phones show in the list under the map) on the map.
    const pins = await map.locator('g > path').evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect().toJSON() as DOMRect));
    expect(pins).toHaveLength(stores.length);
    for (const pin of pins) {
      expect(pin.left).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(pin.right).toBeLessThanOrEqual(box.x + box.width + 0.5);
      expect(pin.top).toBeGreaterThanOrEqual(box.y - 0.5);
      expect(pin.bottom).toBeLessThanOrEqual(box.y + box.height + 0.5);
    }
    const legend = page.getByRole('list', { name: 'Stores on the map' });
    for (const store of stores) await expect(legend.getByText(store.name)).toBeVisible();
  }
});
