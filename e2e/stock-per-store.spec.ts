import type { Page } from '@playwright/test';
import { STAFF, expect, signIn, test, tomorrowInTheShop } from './fixtures.js';

/** The demo stores by name. */
async function storeIds(page: Page): Promise<Map<string, number>> {
  const stores = (await (await page.request.get('/api/v1/stores')).json()) as { data: { id: number; name: string }[] };
  return new Map(stores.data.map((s) => [s.name, s.id]));
}

/** On the kitchen display, the display's store's switch for Hazelnut Latte, pressed or released. */
async function switchAt(staff: Page, store: string, soldOut: boolean): Promise<void> {
  await staff.getByRole('combobox', { name: 'Store', exact: true }).selectOption({ label: store });
  const panel = staff.locator('details').filter({ hasText: `Sold out at ${store}` });
  if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open))) await panel.locator('summary').click();
  const latte = panel.getByRole('button', { name: `Hazelnut Latte sold out at ${store}` });
  if ((await latte.getAttribute('aria-pressed')) !== String(soldOut)) await latte.click();
  await expect(latte).toHaveAttribute('aria-pressed', String(soldOut));
}

test('staff mark a drink sold out at one store from the kitchen display: customers of that store see it, another store still sells it, and checkout refuses it when it runs out under them', async ({ page, browser }) => {
  test.slow();
  const stores = await storeIds(page);
  const kemang = stores.get('Kopi Kemang')!;
  const thamrin = stores.get('Kopi Thamrin')!;
  const found = await page.request.get('/api/v1/products?search=Hazelnut%20Latte&limit=1');
  const latteId = Number(((await found.json()) as { data: { id: number | string }[] }).data[0]!.id);

  // The till at Kemang runs out of Hazelnut Latte and says so from the kitchen display.
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto('/staff/orders');
  await page.getByRole('button', { name: 'Kitchen display' }).click();
  await switchAt(page, 'Kopi Kemang', true);

  const context = await browser.newContext();
  const shopper = await context.newPage();
  const customer = { email: `e2e-stock-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0303' };
  expect((await shopper.request.post('/api/v1/auth/register', { data: customer })).status()).toBe(201);
  await signIn(shopper, customer.email, customer.password);
  const pickUpAt = (storeId: number) =>
    shopper.request.put('/api/v1/cart/delivery', { data: { deliveryMethod: 'pick-up', scheduledFor: `${tomorrowInTheShop()}T10:00`, storeId } });

  // A customer who chose Kemang sees it sold out on its page.
  expect((await pickUpAt(kemang)).ok()).toBe(true);
  await shopper.goto(`/products/${latteId}`);
  await expect(shopper.getByRole('heading', { level: 1, name: 'Hazelnut Latte' })).toBeVisible();
  await expect(shopper.getByText('Sold out', { exact: true })).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

  // At Thamrin it is still on sale: into the cart it goes.
  expect((await pickUpAt(thamrin)).ok()).toBe(true);
  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 1, name: 'Hazelnut Latte' })).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expect(shopper.getByText('Sold out', { exact: true })).toHaveCount(0);
  expect((await shopper.request.post('/api/v1/cart/items', { data: { productId: latteId, size: 'R', quantity: 1 } })).ok()).toBe(true);
  await shopper.goto('/payment');
  await expect(shopper.getByRole('region', { name: 'Order Summary' }).getByText('x1 Regular')).toBeVisible();

  // While the customer looks at the checkout, Thamrin runs out too: the order is refused, naming the drink.
  await switchAt(page, 'Kopi Thamrin', true);
  await shopper.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(shopper.getByText(/Hazelnut Latte is sold out/).first()).toBeVisible();
  await expect(shopper.getByRole('heading', { name: 'Thank you, your order is placed!' })).toHaveCount(0);

  // Back in stock at Thamrin: the same checkout goes through.
  await switchAt(page, 'Kopi Thamrin', false);
  await shopper.reload();
  await shopper.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(shopper.getByRole('heading', { name: 'Thank you, your order is placed!' })).toBeVisible();
  await context.close();
});
