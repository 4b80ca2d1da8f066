import { expect, test } from './fixtures.js';

/**
 * The first screen's calls name their contract schema instead of importing it (apps/web/src/lib/contract-schema.ts):
 * the page never loads zod while it starts, and an answer that is not the shop's envelope is still refused.
 */
test('the home page starts without zod', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Hazelnut Latte/ }).first()).toBeVisible();
  // zod marks the realm it runs in; the page's never loaded it.
  expect(await page.evaluate(() => '__zod_globalConfig' in globalThis)).toBe(false);
});

test.describe('answers changed on their way', () => {
  // The service worker's own requests pass by page.route: off, so every answer here is the one the story sends.
  test.use({ serviceWorkers: 'block' });

  test('an answer that is not the shop\'s is refused with a message, an error answer shows its own', async ({ page }) => {
    await page.route('**/api/v1/stores', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ id: 'one', name: 'Not ours' }]) }),
    );
    await page.goto('/stores');
    await expect(page.getByText('The shop sent an answer this page does not understand. Please reload.')).toBeVisible({ timeout: 15_000 });

    await page.unroute('**/api/v1/stores');
    await page.route('**/api/v1/stores', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The shop is restarting. Try again in a moment.' }) }),
    );
    await page.reload();
    await expect(page.getByText('The shop is restarting. Try again in a moment.')).toBeVisible({ timeout: 15_000 });

    await page.unroute('**/api/v1/stores');
    await page.reload();
    await expect(page.getByRole('img', { name: /Map of our \d+ stores/ })).toBeVisible();
  });
});
