import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF, expect, expectNoHorizontalScroll, signIn, test, tomorrowInTheShop } from './fixtures.js';

// Mails go here when no SMTP server is configured (e2e/serve.mjs sets DATA_DIR to e2e/.data).
const OUTBOX = path.join(path.dirname(fileURLToPath(import.meta.url)), '.data', 'outbox');

/** The newest mail to `to` in the outbox, once it is there. */
async function mailTo(to: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const names = (await fs.readdir(OUTBOX).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
      const mails = await Promise.all(names.map((name) => fs.readFile(path.join(OUTBOX, name), 'utf8')));
      found = mails.find((m) => m.includes(`To: ${to}`));
      return found !== undefined;
    }, { timeout: 10_000 })
    .toBe(true);
  return found!;
}

test('the kitchen display shows an order by its due time under Later, calls the customer neutrally, never by a long e-mail, and nothing scrolls sideways at 360 px', async ({ page, browser }) => {
  test.slow();
  // Sixty characters of e-mail and no name: the only identity the customer gave.
  const local = `rush-${Date.now()}-`.padEnd(48, 'x');
  const customer = { email: `${local}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0404' };
  expect(customer.email).toHaveLength(60);
  const context = await browser.newContext();
  const shopper = await context.newPage();
  expect((await shopper.request.post('/api/v1/auth/register', { data: customer })).status()).toBe(201);
  await signIn(shopper, customer.email, customer.password);
  const products = await shopper.request.get('/api/v1/products?search=Hazelnut%20Latte&limit=1');
  const [latte] = ((await products.json()) as { data: { id: number | string }[] }).data;
  expect((await shopper.request.post('/api/v1/cart/items', { data: { productId: Number(latte!.id), size: 'R', quantity: 1 } })).ok()).toBe(true);
  const placed = await shopper.request.post('/api/v1/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: `${tomorrowInTheShop()}T10:00` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
  await context.close();

  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto('/staff/orders');
  await page.getByRole('button', { name: 'Kitchen display' }).click();
  const later = page.getByRole('region', { name: 'Later' });
  const card = later.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `#${orderId}`, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('10:00')).toBeVisible();
  await expect(card.getByText('Guest')).toBeVisible();
  await expect(page.getByText(customer.email)).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  // Its one step stays on screen: nothing pushed it off the right edge.
  const button = card.getByRole('button', { name: `Start early · #${orderId}` });
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  // The per-line tick stays after a reload: the API keeps it.
  // The box shows what the API answered, so it turns ticked once the tick is saved.
  await card.getByRole('checkbox', { name: 'Hazelnut Latte made' }).click();
  await expect(card.getByRole('checkbox', { name: 'Hazelnut Latte made' })).toBeChecked();
  await page.reload();
  await page.getByRole('button', { name: 'Kitchen display' }).click();
  await expect(card.getByRole('checkbox', { name: 'Hazelnut Latte made' })).toBeChecked();
  await expectNoHorizontalScroll(page);

  // The orders list shows the e-mail, broken where it must be: its card, and every other, stays inside the screen.
  await page.goto('/staff/orders');
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order #${orderId}`, exact: true }) });
  await expect(listed.getByText(customer.email)).toBeVisible();
  const listedBox = await listed.boundingBox();
  expect(listedBox!.x + listedBox!.width).toBeLessThanOrEqual(360);
});

test('the owner invites a barista by mail; the barista joins from the link and works the kitchen display, without the owner’s pages', async ({ page, browser }) => {
  test.slow();
  const email = `barista-${Date.now()}@example.com`;
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto('/staff/team');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Role').selectOption('barista');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation mailed to ${email}.` })).toBeVisible();

  const mail = await mailTo(email);
  const link = /https?:\/\/[^\s]+\/staff\/join\?token=[\w%-]+/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0];
  expect(link).toBeDefined();
  const joinPath = new URL(link!).pathname + new URL(link!).search;

  const context = await browser.newContext();
  try {
    const barista = await context.newPage();
    await barista.goto(joinPath);
    await expect(barista.getByText('You are invited as')).toBeVisible();
    await barista.getByLabel('First name').fill('Dewi');
    await barista.getByLabel('Password', { exact: true }).fill('Kettle-Grinder-Tamper-7');
    await barista.getByRole('button', { name: 'Join the team' }).click();
    await expect(barista).toHaveURL(/\/login/);
    await signIn(barista, email, 'Kettle-Grinder-Tamper-7');
    await barista.goto('/staff/orders');
    await barista.getByRole('button', { name: 'Kitchen display' }).click();
    await expect(barista.getByRole('button', { name: 'Back to the list' })).toBeVisible();
    // The owner's pages are not offered, and the API refuses them too.
    await barista.goto('/staff/stores');
    await expect(barista.getByRole('heading', { name: 'Your role does not include this page' })).toBeVisible();
    expect((await barista.request.put('/api/v1/stores/1', { data: {} })).status()).toBe(403);
  } finally {
    await context.close();
  }
  // The owner reads who joined on the record.
  await page.reload();
  await expect(page.getByText(`Invited ${email} as Barista`)).toBeVisible();
});
