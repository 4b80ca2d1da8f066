import { request as apiRequest } from '@playwright/test';
import { STAFF, expect, test } from './fixtures.js';

/**
 * The menu and a product page arrive drawn by the shop, with their data: a phone shows them before the app's
 * JavaScript has arrived (here: with JavaScript off), and the app, once started, takes over without asking the API
 * again for what the page already holds.
 */
test('the menu and a product page are whole before the app arrives, and the app takes over without asking again', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const origin = baseURL ?? '';
  // A product of its own, so a price change here touches no other story.
  const api = await apiRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const login = await api.post('/api/v1/auth/login', { data: STAFF });
  expect(login.status()).toBe(200);
  const created = await api.post('/api/v1/products', {
    data: { name: 'First Paint Flat White', price: 31, category: 'coffee', description: 'Velvety milk over a double ristretto.' },
  });
  expect(created.status()).toBe(201);
  const { data: product } = (await created.json()) as { data: { id: string } };

  const noScript = await browser.newContext({ baseURL: origin, javaScriptEnabled: false });
  try {
    const bare = await noScript.newPage();
    await bare.goto('/products');
    // The default tab's first products, with their prices and pictures, in the page itself.
    const tabPanel = bare.getByRole('tabpanel');
    await expect(tabPanel.getByRole('link', { name: /Hazelnut Latte/ }).first()).toBeVisible();
    await expect(tabPanel.getByText(/IDR \d+\.000/).first()).toBeVisible();
    const firstPicture = tabPanel.getByRole('img').first();
    await expect.poll(() => firstPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await bare.goto(`/products/${product.id}`);
    await expect(bare).toHaveTitle('First Paint Flat White · Coffee Shop');
    await expect(bare.getByRole('heading', { name: 'First Paint Flat White', level: 1 })).toBeVisible();
    await expect(bare.getByText('IDR 31.000').first()).toBeVisible();
    await expect(bare.getByText('Velvety milk over a double ristretto.')).toBeVisible();

    // A price change shows on the very next visit: the drawn page follows the menu.
    const changed = await api.patch(`/api/v1/products/${product.id}`, { data: { price: 33 } });
    expect(changed.status()).toBe(200);
    await bare.reload();
    await expect(bare.getByText('IDR 33.000').first()).toBeVisible();
    await expect(bare.getByText('IDR 31.000')).toHaveCount(0);
  } finally {
    await noScript.close();
  }

  // With JavaScript: the app starts on the drawn page and asks only for what the page does not hold.
  const catalogueCalls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/v1/products')) catalogueCalls.push(url.pathname + url.search);
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/products');
  const coffeeTab = page.getByRole('tab', { name: 'Coffee', exact: true });
  await coffeeTab.click();
  await expect(coffeeTab).toHaveAttribute('aria-selected', 'true');
  // Creamy Ice Latte is a favourite too: the tab's own answer is waited for, not only a name both tabs show.
  await expect.poll(() => catalogueCalls.filter((call) => call.includes('cat=coffee')).length).toBeGreaterThan(0);
  await expect(page.getByRole('tabpanel', { name: 'Coffee', exact: true })).toContainText('Creamy Ice Latte');
  expect(catalogueCalls.filter((call) => call.includes('featured=true')), 'the favourites the page arrived with').toEqual([]);
  expect(catalogueCalls.filter((call) => call.includes('cat=coffee'))).toHaveLength(1);

  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { name: 'First Paint Flat White', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to your cart')).toBeVisible();
  expect(catalogueCalls.filter((call) => call === `/api/v1/products/${product.id}`), 'the product the page arrived with').toEqual([]);
  // Hydrated, not redrawn over a mismatch: React reports any difference between the page and its first render.
  expect(errors).toEqual([]);

  expect((await api.delete(`/api/v1/products/${product.id}`)).status()).toBe(204);
  await api.dispose();
});
