import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { STAFF, expect, test } from './fixtures.js';
import { overflowing } from './overflow.js';

/**
 * A customer in Jakarta whose phone is set to Bahasa Indonesia, and a barista beside them: every screen they open
 * reads in Indonesian (product, store and brand names aside), on a phone and a laptop, with nothing past the edge.
 * English is found by its common words in what a person reads: the text on screen and the words read out (labels,
 * placeholders, titles, pictures' descriptions).
 */
test.use({ locale: 'id-ID' });

const WIDTHS = [360, 1366];
const ENGLISH =
  /\b(?:the|your|you|and|with|please|orders?|cart|sign|login|logout|add|search|loading|payment|history|profile|password|forgot|home|products|back|save|cancel|delete|edit|choose|delivery|ready|today|tomorrow|open|closed|price|stores?|here|this|that|from|not|will|can|all|points|staff|new|more|show|hide|close|next|previous|send|paid|unpaid|minutes?|hours?)\b/i;
/** The checkout's ways to pay (the contract's PAYMENT_METHODS). */
const PAYMENT_RADIOS = ['card', 'bank-account', 'cash-on-delivery', 'qris', 'gopay', 'shopeepay'].map((method) => `input[type=radio][value="${method}"]`).join(',');
/** What stays as entered or as its owner names it. */
const BRANDS = ['Coffee Shop', 'QRIS', 'GoPay', 'OVO', 'DANA', 'ShopeePay', 'Midtrans', 'Google', 'BCA', 'BNI', 'BRI', 'Mandiri', 'Permata'];

/** The names and descriptions staff entered (products, their options, stores): shown as entered in any language. */
async function enteredNames(page: Page): Promise<string[]> {
  const products = ((await (await page.request.get('/api/v1/products?limit=100')).json()) as { data: { id: number }[] }).data;
  const names: string[] = [];
  for (const { id } of products) {
    const product = ((await (await page.request.get(`/api/v1/products/${id}`)).json()) as { data: Record<string, unknown> }).data;
    collectStrings(product, names);
  }
  collectStrings(((await (await page.request.get('/api/v1/stores')).json()) as { data: unknown }).data, names);
  // A coupon's name and its one sentence are staff's words too (its terms are the shop's, worded per language).
  const promotions = ((await (await page.request.get('/api/v1/promotions')).json()) as { data: { name: string; description: string }[] }).data;
  for (const { name, description } of promotions) names.push(name, description);
  return [...new Set([...names, ...BRANDS])].filter((name) => name.length > 1).sort((a, b) => b.length - a.length);
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
}

/** The page's words a person reads, piece by piece, leaving out parts marked as another language (the switch). */
async function wordsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pieces: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (box.width > 0 || box.height > 0) && style.visibility !== 'hidden';
    };
    const otherLanguage = (el: Element) => {
      const lang = el.closest('[lang]')?.getAttribute('lang');
      return lang !== undefined && lang !== null && lang !== document.documentElement.lang;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (otherLanguage(parent) || (!visible(parent) && !parent.closest('.sr-only'))) continue;
      pieces.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
      if (otherLanguage(el) || !visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) pieces.push(value);
      }
    }
    pieces.push(document.title);
    return pieces;
  });
}

async function englishOn(page: Page, names: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const piece of await wordsOnScreen(page)) {
    // People's addresses are theirs, whatever words they hold.
    let rest = piece.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ');
    for (const name of names) rest = rest.split(name).join(' ');
    if (ENGLISH.test(rest)) found.push(piece.slice(0, 120));
  }
  return [...new Set(found)];
}

/** Each page at each width: in Indonesian (`lang="id"`), no English, nothing past the right edge. */
async function walk(page: Page, paths: string[]): Promise<string[]> {
  const names = await enteredNames(page);
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const lang = await page.evaluate(() => document.documentElement.lang);
      if (lang !== 'id') problems.push(`${width} px ${path}: the page is in "${lang}"`);
      for (const english of await englishOn(page, names)) problems.push(`${width} px ${path}: English "${english}"`);
      for (const past of await overflowing(page)) problems.push(`${width} px ${path}: ${past}`);
    }
  }
  return problems;
}

/** Signs in on the sign-in screen whatever its language: the email and password fields, then its submit button. */
async function signInAnyLanguage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/$/);
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
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 86_400_000),
  );
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
