import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Browser, type Page } from '@playwright/test';

interface ShopFixtures {
  /** Runs axe on the current page and fails on any serious or critical violation. */
  checkA11y: (page?: Page) => Promise<void>;
  /** Every request that tried to leave the shop (any host other than the test server). */
  offsiteRequests: string[];
}

/**
 * Pages that arrive drawn (home, the menu, a product) start the app after their first paint; a tap before that is
 * held by boot.ts and done once the app has started (e2e/early-taps.spec.ts tests that). Each load through `page`
 * waits until the app has started (`<html data-app-started>`, set by apps/web/src/main.tsx), so a story's taps take
 * effect at once.
 */
function waitForAppOnLoad(page: Page): void {
  const started = () => page.waitForSelector('html[data-app-started]', { state: 'attached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started();
    return response;
  };
}

export const test = base.extend<ShopFixtures>({
  page: async ({ page }, use) => {
    waitForAppOnLoad(page);
    await use(page);
  },
  offsiteRequests: [
    async ({ page, baseURL }, use) => {
      const shopHost = new URL(baseURL ?? 'http://127.0.0.1').host;
      const offsite: string[] = [];
      // The shop must work on a closed network: block and record anything addressed elsewhere.
      await page.route(
        (url) => url.protocol.startsWith('http') && url.host !== shopHost,
        async (route) => {
          offsite.push(route.request().url());
          await route.abort();
        },
      );
      await use(offsite);
      expect(offsite, 'requests that left the shop').toEqual([]);
    },
    { auto: true },
  ],
  checkA11y: async ({ page }, use) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
      expect(serious, 'serious or critical accessibility violations').toEqual([]);
    });
  },
});

export { expect };

/** Tomorrow on the shop's clock (Asia/Jakarta), 'YYYY-MM-DD': a time then is ahead whatever the hour the story runs. */
export function tomorrowInTheShop(): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' });
  return format.format(new Date(Date.now() + 86_400_000));
}

/** The demo accounts the server creates at start (README, apps/api/src/seed). */
export const STAFF = { email: 'staff@coffeeshop.test', password: 'Pour-Over-Kettle-9' };
export const CUSTOMER = { email: 'customer@coffeeshop.test', password: 'Gula-Aren-Latte-7' };

/** Signs in through the Login screen, as a person would, and waits for the home page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Signs in on the sign-in screen whatever its language: the email and password fields, then its submit button. */
export async function signInAnyLanguage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A second person at another screen (staff beside a customer): a browser context of their own, signed in, each load
 * waiting for the app like the test's own page; closed afterwards whatever happened.
 */
export async function asSignedIn(
  browser: Browser,
  account: { email: string; password: string },
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    waitForAppOnLoad(page);
    await signIn(page, account.email, account.password);
    await use(page);
  } finally {
    await context.close();
  }
}

/** Fails when the page is wider than the viewport (something scrolls sideways). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the screen').toBeLessThanOrEqual(0);
}
