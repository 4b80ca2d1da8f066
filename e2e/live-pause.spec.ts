import { request as apiRequest } from '@playwright/test';
import { STAFF, expect, signIn, test } from './fixtures.js';

/**
 * Staff pause a store in a rush while a customer has the checkout open: the checkout shows it without a reload,
 * says why, and no longer offers that store's times; resuming brings them back.
 */
test('a rush pause reaches an open checkout and explains itself', async ({ page, baseURL }) => {
  test.slow();
  const origin = baseURL ?? '';
  const staff = await apiRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  expect((await staff.post('/api/v1/auth/login', { data: STAFF })).status()).toBe(200);

  const customer = { email: `e2e-pause-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0104' };
  expect((await page.request.post('/api/v1/auth/register', { data: customer, headers: { origin } })).status()).toBe(201);
  await signIn(page, customer.email, customer.password);
  expect((await page.request.post('/api/v1/cart/items', { data: { productId: 3, size: 'R', quantity: 1 }, headers: { origin } })).status()).toBeLessThan(300);

  await page.goto('/payment');
  await page.getByRole('radio', { name: 'Pick up' }).check({ force: true });
  // A store other than the default, so the pause touches no other story's orders.
  const storeSelect = page.getByRole('combobox', { name: 'Store', exact: true });
  const other = await storeSelect.locator('option').nth(1).getAttribute('value');
  if (!other) throw new Error('the demo has a single store offering Pick up');
  await storeSelect.selectOption(other);
  const storeTimes = page.getByRole('group', { name: 'Time' });
  await expect(storeTimes.getByRole('button').first()).toBeVisible();

  try {
    const paused = await staff.put(`/api/v1/stores/${other}/rush`, { data: { paused: true, pausedUntil: null, extraPrepMinutes: 0 } });
    expect(paused.status()).toBe(200);
    // No reload: the checkout asks again on its own and explains.
    await expect(page.getByText('This store is not taking online orders right now.')).toBeVisible({ timeout: 15_000 });
    await expect(storeSelect.locator('option:checked')).toContainText('(not taking online orders)', { timeout: 15_000 });
    for (const slot of await storeTimes.getByRole('button').all()) {
      if ((await slot.innerText()).startsWith('As soon as possible')) continue;
      await expect(slot).toBeDisabled();
    }
  } finally {
    await staff.put(`/api/v1/stores/${other}/rush`, { data: { paused: false, pausedUntil: null, extraPrepMinutes: 0 } });
    await staff.dispose();
  }
  await expect(page.getByText('This store is not taking online orders right now.')).toHaveCount(0, { timeout: 15_000 });
});
