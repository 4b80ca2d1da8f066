import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { STAFF, expect, expectNoHorizontalScroll, signIn, test } from './fixtures.js';

test("the owner reads this month's sales from the staff menu and downloads the orders as CSV a spreadsheet opens", async ({ page }) => {
  // A paid order of today: cash, marked paid by the owner through the API.
  await signIn(page, STAFF.email, STAFF.password);
  const products = await page.request.get('/api/v1/products?search=Hazelnut%20Latte&limit=1');
  const [latte] = ((await products.json()) as { data: { id: number | string }[] }).data;
  expect((await page.request.post('/api/v1/cart/items', { data: { productId: Number(latte!.id), size: 'R', quantity: 2 } })).ok()).toBe(true);
  const placed = await page.request.post('/api/v1/orders', { headers: { 'idempotency-key': randomUUID() }, data: { paymentMethod: 'cash-on-delivery', deliveryMethod: 'dine-in' } });
  const scheduled = placed.status() === 201;
  if (scheduled) {
    const { id } = ((await placed.json()) as { data: { id: number } }).data;
    expect((await page.request.post(`/api/v1/staff/orders/${id}/mark-paid`)).ok()).toBe(true);
  }

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/staff\/reports$/);
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const totals = page.getByRole('region', { name: /Every store/ });
  await expect(totals.getByText('PB1 collected (10 %)')).toBeVisible();
  if (scheduled) await expect(page.getByRole('region', { name: 'By product' }).getByText('Hazelnut Latte')).toBeVisible();
  await expectNoHorizontalScroll(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download orders (CSV)' }).click();
  const file = await (await download).path();
  const csv = await fs.readFile(file, 'utf8');
  expect(csv.startsWith('\uFEFF"Order","Placed (shop time)"')).toBe(true);
  expect(csv).toContain('\r\n');
});
