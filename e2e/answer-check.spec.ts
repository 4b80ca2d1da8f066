import { expect, test } from './fixtures.js';

/**
 * The first screen's answers are checked against the contract on a worker thread (apps/web/src/lib/answer-check.ts):
 * the page's own thread never loads zod nor builds a schema while it starts, and a drifted answer is still caught.
 */
test('the home page starts without building a schema on its own thread, and its answers are still checked', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto('/');
  // The favourites are on screen: their answer (and the shop's settings) went through the checker.
  await expect(page.getByRole('link', { name: /Hazelnut Latte/ }).first()).toBeVisible();
  await expect.poll(() => workers.some((path) => /answer-check/.test(path))).toBe(true);
  // zod marks the realm it runs in; the page's never loaded it.
  expect(await page.evaluate(() => '__zod_globalConfig' in globalThis)).toBe(false);
});

test.describe('answers changed on their way', () => {
  // The service worker's own requests pass by page.route: off, so every answer here is the one the story sends.
  test.use({ serviceWorkers: 'block' });

  test('an answer that does not match the contract is refused with a message, an error answer shows its own', async ({ page }) => {
    await page.route('**/api/v1/stores', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: [{ id: 'one', name: 42 }] }) }),
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
