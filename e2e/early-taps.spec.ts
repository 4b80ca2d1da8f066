import type { Browser, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * A phone paints the menu and a product page long before the app has arrived and started (decision 022). Taps made
 * in between are held by the page's first script (apps/web/src/boot.ts, decision 024): answered at once with a busy
 * state, then done exactly once, in order, when the app starts; nothing chosen reverts and the page does not jump.
 * Here every script the page asks for is held back until the story lets it through, as a slow link would: the
 * script that holds the taps is written into the page (allowed by the shop's Content-Security-Policy by its hash), so
 * a tap works from the first paint, before any script file could have arrived.
 */
const PHONE = { width: 360, height: 780 };
/** The most a tap may wait for a visible answer. */
const ANSWER_MS = 300;

async function phoneWithAppHeld(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Every script file waits, whatever it is.
  await page.route((url) => /\.m?js$/.test(url.pathname), async (route: Route) => {
    await released;
    await route.continue();
  });
  return { context, page, release };
}

/** Taps the control and fails unless it shows the busy state within ANSWER_MS. */
async function tapAnswered(page: Page, control: ReturnType<Page['locator']>): Promise<void> {
  await control.tap();
  await expect(control).toHaveAttribute('data-tap-pending', '', { timeout: ANSWER_MS });
}

const started = (page: Page) => page.waitForSelector('html[data-app-started]', { state: 'attached' });

test('taps on a product page before the app starts are answered at once and done exactly once after', async ({ browser, baseURL }) => {
  const { context, page, release } = await phoneWithAppHeld(browser, baseURL);
  try {
    await page.goto('/products/3', { waitUntil: 'domcontentloaded' });
    const addToCart = page.getByRole('button', { name: 'Add to Cart' });
    await expect(addToCart).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-started'))).toBe(false);

    // The customer scrolls to the sizes and picks Large, adds it twice, then opens the menu.
    const large = page.locator('label[title="Large"]');
    await large.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await tapAnswered(page, large);
    // Not shown as chosen before the app can keep it: no flip back to Regular at start.
    await expect(page.getByRole('radio', { name: 'Large', exact: true })).not.toBeChecked();
    await tapAnswered(page, addToCart);
    await addToCart.tap();
    const menu = page.getByRole('button', { name: 'Menu' });
    await tapAnswered(page, menu);
    // Where the customer is once done tapping (a tap scrolls its control into view).
    const scrolled = await page.evaluate(() => window.scrollY);

    release();
    await started(page);

    await expect(page.getByRole('radio', { name: 'Large', exact: true })).toBeChecked();
    await expect(page.getByText('Added to your cart').first()).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('searchbox').first()).toBeVisible();
    await expect(page.locator('[data-tap-pending]')).toHaveCount(0);
    // Two taps, two of Large: exactly once each.
    await expect(page.getByRole('link', { name: 'Your Cart, 2 items' }).first()).toBeVisible();
    const cart = await page.evaluate(() => localStorage.getItem('@cart'));
    const lines = (JSON.parse(cart ?? '{}') as { lines?: Array<{ productId: number; size: string; quantity: number }> }).lines ?? [];
    expect(lines.map(({ productId, size, quantity }) => ({ productId, size, quantity }))).toEqual([{ productId: 3, size: 'L', quantity: 2 }]);
    // Still where the customer was.
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);

    // Once started, a tap is the app's own: one more Large.
    await page.getByRole('button', { name: 'Menu' }).tap();
    await addToCart.tap();
    await expect(page.getByRole('link', { name: 'Your Cart, 3 items' }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a tab and the menu search tapped on /products before the app starts take effect once it has', async ({ browser, baseURL }) => {
  const { context, page, release } = await phoneWithAppHeld(browser, baseURL);
  try {
    await page.goto('/products', { waitUntil: 'domcontentloaded' });
    const foods = page.getByRole('tab', { name: 'Foods' });
    await expect(foods).toBeVisible();
    await tapAnswered(page, foods);
    const menu = page.getByRole('button', { name: 'Menu' });
    await tapAnswered(page, menu);

    release();
    await started(page);

    await expect(foods).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/products\?tab=foods$/);
    await expect(page.getByRole('tabpanel', { name: 'Foods' }).getByRole('link').first()).toBeVisible();
    // The menu opened once (a second toggle would have closed it), its search answers.
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const search = page.getByRole('searchbox').first();
    await search.fill('latte');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=latte$/);
    await expect(page.getByRole('link', { name: /Latte/ }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the search form works before the app has arrived at all', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/products/3');
    const search = page.locator('#search-desktop');
    await search.fill('latte');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=latte$/);
  } finally {
    await context.close();
  }
});
