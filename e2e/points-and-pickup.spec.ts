import { randomUUID } from 'node:crypto';
import { create as createQr } from 'qrcode';
import type { APIRequestContext } from '@playwright/test';
import { STAFF, asSignedIn, expect, signIn, test, tomorrowInTheShop } from './fixtures.js';

/** The SVG path the order page draws for a QR of `text` (pickup-code.tsx): the same modules, so the same content. */
function qrPathOf(text: string): string {
  const qr = createQr(text, { errorCorrectionLevel: 'Q' });
  const n = qr.modules.size;
  const parts: string[] = [];
  for (let y = 0; y < n; y += 1) for (let x = 0; x < n; x += 1) if (qr.modules.get(y, x)) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`);
  return parts.join('');
}

async function fillCart(api: APIRequestContext, quantity: number): Promise<void> {
  const products = await api.get('/api/v1/products?search=Hazelnut%20Latte&limit=1');
  const [latte] = ((await products.json()) as { data: { id: number | string }[] }).data;
  if (!latte) throw new Error('the demo menu has no Hazelnut Latte');
  const added = await api.post('/api/v1/cart/items', { data: { productId: Number(latte.id), size: 'R', quantity } });
  expect(added.ok(), await added.text()).toBe(true);
  const when = await api.put('/api/v1/cart/delivery', { data: { deliveryMethod: 'pick-up', scheduledFor: `${tomorrowInTheShop()}T10:00` } });
  expect(when.ok(), await when.text()).toBe(true);
}

test('a customer earns points, spends them on a free drink, and picks the order up by its code', async ({ page, browser, checkA11y }) => {
  test.slow();
  const rewardName = `Free drink ${Date.now()}`;
  const customer = { email: `e2e-points-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0303' };
  expect((await page.request.post('/api/v1/auth/register', { data: customer })).status()).toBe(201);
  await signIn(page, customer.email, customer.password);

  // The owner's rate and a reward (the staff screens' own checks are the API's tests).
  await asSignedIn(browser, STAFF, async (staff) => {
    expect((await staff.request.put('/api/v1/staff/loyalty', { data: { idrPerPoint: 1000, expiryDays: 365 } })).status()).toBe(200);
    expect((await staff.request.post('/api/v1/staff/loyalty/rewards', { data: { name: rewardName, pointsCost: 100, kind: 'drink' } })).status()).toBe(201);
  });

  // A first order, paid at the counter: its points appear on the profile.
  await fillCart(page.request, 4);
  const first = await page.request.post('/api/v1/orders', { headers: { 'idempotency-key': randomUUID() }, data: { paymentMethod: 'bank-account' } });
  expect(first.status(), await first.text()).toBe(201);
  const { id: firstId, summary } = ((await first.json()) as { data: { id: number; summary: { totalIdr: number } } }).data;
  const earned = Math.floor(summary.totalIdr / 1000);
  expect(earned).toBeGreaterThanOrEqual(100);
  await asSignedIn(browser, STAFF, async (staff) => {
    expect((await staff.request.post(`/api/v1/staff/orders/${firstId}/mark-paid`)).status()).toBe(200);
  });
  await page.goto('/user');
  await expect(page.getByTestId('points-balance')).toHaveText(`${earned} points`);
  await expect(page.getByRole('list', { name: 'Points history' })).toContainText(`Order #${firstId}`);
  await checkA11y();

  // The next order spends 100 of them on a free drink, priced by the shop at checkout.
  await fillCart(page.request, 2);
  await page.goto('/payment');
  const rewards = page.getByRole('region', { name: 'Use your points' });
  await rewards.getByRole('radio', { name: new RegExp(`${rewardName} · 100 points`) }).check();
  await expect(rewards.getByRole('status')).toContainText('The reward takes IDR');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed!' })).toBeVisible();
  const orderId = (await page.getByText(/^#\d+$/).innerText()).slice(1);
  await page.goto('/user');
  await expect(page.getByTestId('points-balance')).toHaveText(`${earned - 100} points`);

  // The order page shows the pick-up code and its QR, which carries the pick-up address.
  await page.goto(`/history/${orderId}`);
  const code = await page.getByTestId('pickup-code').innerText();
  const qrContent = `${new URL(page.url()).origin}/pickup/${code}`;
  await expect(page.getByRole('img', { name: `Pick-up QR of order #${orderId}` }).locator('path')).toHaveAttribute('d', qrPathOf(qrContent));
  await checkA11y();

  // At the counter: staff scan the QR (a scanner types its content) on the orders screen, which opens the order.
  await asSignedIn(browser, STAFF, async (staff) => {
    await staff.goto('/staff/orders');
    await staff.getByRole('textbox', { name: 'Pick-up code' }).fill(qrContent);
    await staff.getByRole('button', { name: 'Find order' }).click();
    await expect(staff).toHaveURL(new RegExp(`/staff/orders/${orderId}$`));
    for (const move of ['Mark paid', 'Start preparing', 'Mark ready', 'Mark picked up']) {
      await staff.getByRole('button', { name: `${move} (order #${orderId})` }).click();
      await expect(staff.getByRole('button', { name: `${move} (order #${orderId})` })).toHaveCount(0);
    }
    // A typed code works the same, and a mistyped one is refused.
    await staff.getByRole('textbox', { name: 'Pick-up code' }).fill('ZZZZ-Z');
    await staff.getByRole('button', { name: 'Find order' }).click();
    await expect(staff.getByRole('alert')).toContainText('That is not a pick-up code');
  });
  await page.reload();
  await expect(page.getByText('Picked up').first()).toBeVisible();
});

test('a saved favourite goes back into the cart from the home page in one tap, same size and options', async ({ page }) => {
  test.slow();
  const customer = { email: `e2e-usual-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0404' };
  expect((await page.request.post('/api/v1/auth/register', { data: customer })).status()).toBe(201);
  await signIn(page, customer.email, customer.password);

  await page.goto('/products');
  await page.getByRole('link', { name: /Hazelnut Latte/ }).first().click();
  await page.getByRole('radio', { name: 'Large', exact: true }).check({ force: true });
  await page.getByRole('button', { name: /Save as my usual \(Large/ }).click();
  await expect(page.getByRole('button', { name: /Saved to your usual \(Large/ })).toBeVisible();
  const [favourite] = ((await (await page.request.get('/api/v1/favourites')).json()) as { data: { optionIds: number[] }[] }).data;

  await page.goto('/');
  const usual = page.getByRole('region', { name: 'Your usual' });
  await usual.getByRole('button', { name: 'Add Hazelnut Latte (Large)' }).click();
  await expect(usual.getByRole('status')).toHaveText("Added to your cart at today's price.");
  const cart = ((await (await page.request.get('/api/v1/cart')).json()) as { data: { lines: { name: string; sizeCode: string; options: { optionId: number }[] }[] } }).data;
  expect(cart.lines).toHaveLength(1);
  expect(cart.lines[0]).toMatchObject({ name: 'Hazelnut Latte', sizeCode: 'L' });
  expect(cart.lines[0]!.options.map((o) => o.optionId).sort()).toEqual([...favourite!.optionIds].sort());
});
