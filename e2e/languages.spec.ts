import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { englishOn, enteredNames } from './english.js';
import { STAFF, expect, signInAnyLanguage, test, tomorrowInTheShop } from './fixtures.js';
import { overflowing, walkPages } from './overflow.js';

/**
 * A customer in Jakarta whose phone is set to Bahasa Indonesia, and a barista beside them: every screen they open
 * reads in Indonesian (product, store and brand names aside), on a phone and a laptop, with nothing past the edge.
 * English is found by its common words in what a person reads: the text on screen and the words read out (labels,
 * placeholders, titles, pictures' descriptions).
 */
test.use({ locale: 'id-ID' });

const WIDTHS = [360, 1366];
/** The checkout's ways to pay (the contract's PAYMENT_METHODS). */
const PAYMENT_RADIOS = ['card', 'bank-account', 'cash-on-delivery', 'qris', 'gopay', 'shopeepay'].map((method) => `input[type=radio][value="${method}"]`).join(',');
/** Each page at each width: in Indonesian (`lang="id"`), no English, nothing past the right edge. */
async function walk(page: Page, paths: string[]): Promise<string[]> {
  const names = await enteredNames(page);
  return walkPages(page, paths, WIDTHS, async () => {
    const lang = await page.evaluate(() => document.documentElement.lang);
    const english = (await englishOn(page, names)).map((words) => `English "${words}"`);
    return [...(lang === 'id' ? [] : [`the page is in "${lang}"`]), ...english, ...(await overflowing(page))];
  });
}


test('a visitor whose browser is in Indonesian reads every visitor page in Indonesian', async ({ page }) => {
  test.slow();
  expect(await walk(page, ['/', '/products', '/products/3', '/stores', '/login', '/register', '/forgot-password', '/no-such-page'])).toEqual([]);
});

test("a customer signed up in Indonesian reads the checkout, every payment method's steps, the order, history and profile in Indonesian", async ({
  page,
}) => {
  test.slow();
  const email = `pelanggan-${Date.now()}@example.com`;
  const password = 'Kopi-Susu-Gula-Aren-8';
  const signedUp = await page.request.post('/api/v1/auth/register', {
    data: { email, password, phone: '081234567890' },
    headers: { 'Accept-Language': 'id' },
  });
  expect(signedUp.ok()).toBe(true);
  await signInAnyLanguage(page, email, password);
  expect((await page.request.post('/api/v1/cart/items', { data: { productId: 3, size: 'R', quantity: 1 } })).ok()).toBe(true);
  expect(await walk(page, ['/payment', '/history', '/user'])).toEqual([]);

  // Every way to pay shows its own steps and words.
  await page.goto('/payment');
  const methods = page.locator(PAYMENT_RADIOS);
  await expect(methods.first()).toBeAttached();
  const problems: string[] = [];
  const names = await enteredNames(page);
  for (let i = 0; i < (await methods.count()); i++) {
    await methods.nth(i).check({ force: true });
    for (const english of await englishOn(page, names)) problems.push(`payment method ${i + 1}: English "${english}"`);
  }
  expect(problems).toEqual([]);

  // The order, placed for tomorrow: its page, with its steps and the pick-up code, and the history that lists it.
  const tomorrow = tomorrowInTheShop();
  const placed = await page.request.post('/api/v1/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: `${tomorrow}T10:00` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
  expect(await walk(page, [`/history/${orderId}`, '/history'])).toEqual([]);
});

test('a barista whose browser is in Indonesian reads every staff screen in Indonesian', async ({ page }) => {
  test.slow();
  await signInAnyLanguage(page, STAFF.email, STAFF.password);
  expect(
    await walk(page, [
      '/staff/orders',
      '/staff/stores',
      '/staff/promotions',
      '/staff/options',
      '/staff/team',
      '/staff/loyalty',
      '/staff/reports',
      '/staff/reconciliation',
      '/add-products',
      '/edit-products/3',
    ]),
  ).toEqual([]);

  // The kitchen display, the orders screen's other view.
  const names = await enteredNames(page);
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/staff/orders');
    await page.getByRole('button', { name: 'Layar dapur' }).click();
    await expect(page.getByRole('button', { name: 'Kembali ke daftar' })).toBeVisible();
    for (const english of await englishOn(page, names)) problems.push(`${width} px kitchen display: English "${english}"`);
    for (const past of await overflowing(page)) problems.push(`${width} px kitchen display: ${past}`);
  }
  expect(problems).toEqual([]);
});

test('switching language keeps the page, the cart and the checkout’s choices', async ({ page }) => {
  const email = `dua-bahasa-${Date.now()}@example.com`;
  const password = 'Kopi-Susu-Gula-Aren-8';
  // An account in English: signing in brings the screens to the profile's language, whatever the browser's.
  const signedUp = await page.request.post('/api/v1/auth/register', { data: { email, password, phone: '081234567891' }, headers: { 'Accept-Language': 'en' } });
  expect(signedUp.ok()).toBe(true);
  await signInAnyLanguage(page, email, password);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await page.request.post('/api/v1/cart/items', { data: { productId: 3, size: 'R', quantity: 2 } })).ok()).toBe(true);
  await page.setViewportSize({ width: 1366, height: 900 });
  const item = ((await (await page.request.get('/api/v1/products/3')).json()) as { data: { name: string } }).data.name;
  await page.goto('/payment');
  await expect(page.getByText(item).first()).toBeVisible();
  const methods = page.locator(PAYMENT_RADIOS);
  await methods.last().check({ force: true });
  const chosen = await methods.last().getAttribute('value');

  await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Metode Pembayaran' })).toBeVisible();
  await expect(page.locator(`input[type=radio][value="${chosen}"]`)).toBeChecked();
  await expect(page.getByText(item).first()).toBeVisible();
  // Saved with the customer: their mails and pushes now come in Indonesian, and so do the next pages.
  await expect.poll(async () => ((await (await page.request.get('/api/v1/users/me')).json()) as { data: { language: string } }).data.language).toBe('id');
  await page.goto('/products');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');

  await page.goto('/payment');
  await expect(page.getByText(item).first()).toBeVisible();
  await methods.first().check({ force: true });
  const first = await methods.first().getAttribute('value');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  await expect(page.locator(`input[type=radio][value="${first}"]`)).toBeChecked();
});
