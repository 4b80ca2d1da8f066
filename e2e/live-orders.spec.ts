import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF, asSignedIn, expect, signIn, test, tomorrowInTheShop } from './fixtures.js';

// Mails go here when no SMTP server is configured (e2e/serve.mjs sets DATA_DIR to e2e/.data).
const OUTBOX = path.join(path.dirname(fileURLToPath(import.meta.url)), '.data', 'outbox');

/** A live step must show well within 2 s; a little more for a busy test machine. */
const LIVE = { timeout: 2_500 };

async function mailSubjectsTo(to: string): Promise<string[]> {
  const names = (await fs.readdir(OUTBOX).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const mails = await Promise.all(names.map((name) => fs.readFile(path.join(OUTBOX, name), 'utf8')));
  return mails.filter((m) => m.includes(`To: ${to}`)).map((m) => /^Subject: (.*)$/m.exec(m)?.[1]?.trim() ?? '');
}

test('a customer watches the order move from Pending to Preparing to Ready while staff work, and gets the ready mail', async ({
  page,
  browser,
  checkA11y,
}) => {
  test.slow();
  const customer = { email: `e2e-live-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0303' };
  expect((await page.request.post('/api/v1/auth/register', { data: customer })).status()).toBe(201);
  await signIn(page, customer.email, customer.password);

  // Staff have the kitchen display open in their own browser before the order comes in.
  await asSignedIn(browser, STAFF, async (staff) => {
    await staff.goto('/staff/orders');
    await expect(staff.getByRole('region', { name: 'Today at a glance' })).toBeVisible();
    await staff.getByRole('button', { name: 'Kitchen display' }).click();
    await expect(staff.getByRole('button', { name: 'Back to the list' })).toBeVisible();

    // The customer orders (the checkout's own story covers the form).
    const products = await page.request.get('/api/v1/products?search=Hazelnut%20Latte&limit=1');
    const [latte] = ((await products.json()) as { data: { id: number | string }[] }).data;
    if (!latte) throw new Error('the demo menu has no Hazelnut Latte');
    expect((await page.request.post('/api/v1/cart/items', { data: { productId: Number(latte.id), size: 'R', quantity: 1 } })).ok()).toBe(true);
    const placed = await page.request.post('/api/v1/orders', {
      headers: { 'idempotency-key': randomUUID() },
      data: { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: `${tomorrowInTheShop()}T10:00` },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { data: { id: number } }).data.id;

    // The new order shows on the staff screen by itself.
    // Due tomorrow: it waits under Later, where starting it is starting early.
    const startPreparing = staff.getByRole('button', { name: `Start early · #${orderId}` });
    await expect(startPreparing).toBeVisible(LIVE);
    await checkA11y(staff);

    await page.goto(`/history/${orderId}`);
    const order = page.getByRole('article', { name: `Order #${orderId}` });
    await expect(order.getByText('Pending', { exact: true }).first()).toBeVisible();
    // Marks this page: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { liveStory?: boolean }).liveStory = true));

    await startPreparing.click();
    await expect(order.getByText('Preparing', { exact: true }).first()).toBeVisible(LIVE);

    await staff.getByRole('button', { name: `Mark ready · #${orderId}` }).click();
    await expect(order.getByText('Ready', { exact: true }).first()).toBeVisible(LIVE);
    expect(await page.evaluate(() => (window as unknown as { liveStory?: boolean }).liveStory)).toBe(true);
    await checkA11y();

    // The ready mail, in the outbox of a shop without SMTP.
    await expect.poll(() => mailSubjectsTo(customer.email), { timeout: 10_000 }).toContain(`Your order #${orderId} is ready`);
  });
});
