import fs from 'node:fs';
import path from 'node:path';
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { CUSTOMER, STAFF, expect, signIn, test } from './fixtures.js';
import { startOwnShop, type OwnShop } from './own-shop.js';

/**
 * A member's Sunday morning. The shop runs on a clock of its own (SHOP_CLOCK, test servers only), so this story has
 * its own server on its own port and database, started here like the operator's story in service.spec.ts.
 * The demo's first store opens at 07:00 and the Sunday coupon runs 07:00-09:00 (both ends included), so the story
 * puts the clock at 08:00 before each step the coupon is judged on, and at 09:01 to see it over.
 */
const PORT = Number(process.env.E2E_COUPONS_PORT ?? 3197);
const BASE = `http://127.0.0.1:${PORT}`;
// Sunday 22 November 2026 in Jakarta (UTC+7).
const SUNDAY_0800 = '2026-11-22T01:00:00Z';
const SUNDAY_0901 = '2026-11-22T02:01:00Z';

let shop: OwnShop | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startOwnShop('coupons', PORT, {
    NODE_ENV: 'test',
    SHOP_CLOCK: SUNDAY_0800,
    // Far above the demo orders, so the demo customer has no card until staff issue one.
    MEMBER_CARD_THRESHOLD: '900000000',
  });
});

test.afterAll(() => shop?.stop());

async function signedInApi(account: { email: string; password: string }): Promise<{ api: APIRequestContext; id: number }> {
  const api = await apiRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const login = await api.post('/api/v1/auth/login', { data: account });
  expect(login.status()).toBe(200);
  const { data } = (await login.json()) as { data: { id: number } };
  return { api, id: data.id };
}

/** Moves the shop's clock, and the browser's with it, so the checkout's own hours agree with the server's. */
async function setShopClock(at: string, page?: Page): Promise<void> {
  if (page) await page.clock.setSystemTime(new Date(at));
  const res = await fetch(`${BASE}/api/v1/test/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ at }),
  });
  expect(res.status).toBe(200);
}

async function applySundayCoupon(page: Page): Promise<string> {
  await page.goto('/products');
  const panel = page.getByRole('region', { name: 'Promo Today' });
  await panel.getByText('Sunday Morning Coffee').click();
  await panel.getByRole('button', { name: 'Apply Coupon' }).click();
  const status = panel.getByRole('status');
  await expect(status).not.toBeEmpty();
  return status.innerText();
}

const summaryOf = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

test('a member gets a free cup of coffee on Sunday morning, Dine in only, until 09:00', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install({ time: new Date(SUNDAY_0800) });
  await page.clock.resume();
  await setShopClock(SUNDAY_0800, page);
  await signIn(page, CUSTOMER.email, CUSTOMER.password);

  // A coffee in the cart, Dine in (the cart's default).
  await page.goto('/products');
  await page.getByRole('link', { name: /Hazelnut Latte/ }).first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();

  // Without a member card: refused, with the reason.
  expect(await applySundayCoupon(page)).toMatch(/needs a member card/);

  // Staff issue the card at the counter; now it applies.
  const customer = await signedInApi(CUSTOMER);
  const staff = await signedInApi(STAFF);
  expect((await staff.api.post(`/api/v1/staff/customers/${customer.id}/member-card`)).status()).toBe(200);
  await setShopClock(SUNDAY_0800, page);
  expect(await applySundayCoupon(page)).toMatch(/Sunday Morning Coffee is on your cart: IDR [\d.]+ off your order/);

  // On Pick up the coupon stays on the cart but takes nothing off, and says why: the method, which the customer can
  // switch right here (the rules name the method before the hours).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Your Cart/ }).click();
  await expect(summaryOf(page).getByText('COUPON: Sunday Morning Coffee', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Pick up' }).check({ force: true });
  const coupon = page.getByRole('group', { name: 'Coupon' });
  // The method named first (the hours follow when the time chosen for Pick up is past 09:00 too).
  await expect(coupon.getByText(/^This coupon is for Dine in orders/)).toBeVisible();
  await expect(summaryOf(page).getByText(/^COUPON:/)).toHaveCount(0);

  // At 09:01 it is over for today.
  // Back on Dine in as soon as possible (Pick up chose a time for its store).
  await page.getByRole('radio', { name: 'Dine in' }).check({ force: true });
  const asap = page.getByRole('region', { name: 'Store and time' }).getByRole('button', { name: 'As soon as possible' });
  if ((await asap.count()) > 0 && (await asap.getAttribute('aria-pressed')) !== 'true') await asap.click();
  // The choice is saved in the background: the clock moves only once the cart says Dine in, as soon as possible (a
  // reload while the save is in flight would drop it, and the coupon would be judged on Pick up's time).
  const savedCart = async () => {
    const res = await page.request.get('/api/v1/cart');
    const { data } = (await res.json()) as { data: { deliveryMethod: string; scheduledFor: string | null } };
    return `${data.deliveryMethod} ${data.scheduledFor ?? 'asap'}`;
  };
  await expect.poll(savedCart, { message: 'the cart saved as Dine in, as soon as possible' }).toBe('dine-in asap');
  await setShopClock(SUNDAY_0901, page);
  await page.reload();
  await expect(coupon.getByText('Available on Sundays 07:00-09:00')).toBeVisible();
  await expect(summaryOf(page).getByText(/^COUPON:/)).toHaveCount(0);

  // Back at 08:00, Dine in: the free coffee is on the checkout, then on the placed order.
  await setShopClock(SUNDAY_0800, page);
  await page.reload();
  const couponFigure = summaryOf(page).getByText('COUPON: Sunday Morning Coffee', { exact: true });
  await expect(couponFigure).toBeVisible();
  const discount = await couponFigure.locator('xpath=following-sibling::dd').innerText();
  expect(discount).toMatch(/IDR [\d.]+/);
  const total = await summaryOf(page).getByText('TOTAL', { exact: true }).locator('xpath=following-sibling::dd').innerText();
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  const placed = page.getByRole('region', { name: 'Thank you, your order is placed!' });
  await expect(placed).toBeVisible();
  await expect(placed.getByText(total, { exact: true })).toBeVisible();

  // The thank-you screen names the coupon with its own line, as the order page does.
  await expect(placed.getByText('Coupon: Sunday Morning Coffee')).toBeVisible();
  // The order keeps the coupon: its page (the receipt) shows the line and the discount.
  await placed.getByRole('link', { name: 'Follow this order' }).click();
  await expect(page).toHaveURL(/\/history\/\d+$/);
  await expect(page.getByRole('region', { name: 'Thank you, your order is placed!' })).toHaveCount(0);
  await expect(page.getByText('Coupon: Sunday Morning Coffee')).toBeVisible();
  const orderId = /\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1];
  const order = (await (await customer.api.get(`/api/v1/orders/${orderId}`)).json()) as {
    data: { summary: { discountIdr: number; discountLabel: string | null } };
  };
  expect(order.data.summary).toMatchObject({ discountLabel: 'Sunday Morning Coffee' });
  expect(order.data.summary.discountIdr).toBeGreaterThan(0);

  // Staff see the coupon on the order, and the "ready" mail carries it (no SMTP_URL: mails are files in the outbox).
  expect((await staff.api.post(`/api/v1/staff/orders/${orderId}/mark-paid`)).status()).toBe(200);
  for (const status of ['preparing', 'ready']) {
    expect((await staff.api.patch(`/api/v1/staff/orders/${orderId}/status`, { data: { status } })).status()).toBe(200);
  }
  const staffOrder = (await (await staff.api.get(`/api/v1/staff/orders/${orderId}`)).json()) as { data: { summary: { discountLabel: string | null } } };
  expect(staffOrder.data.summary.discountLabel).toBe('Sunday Morning Coffee');
  const outbox = path.join(shop?.dataDir ?? '', 'outbox');
  const mailWithCoupon = () =>
    fs.existsSync(outbox) &&
    fs.readdirSync(outbox).some((name) => /Sunday Morning Coffee/.test(fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, '')));
  await expect.poll(mailWithCoupon, { timeout: 10_000, message: 'a mail with the coupon in the outbox' }).toBe(true);

  await customer.api.dispose();
  await staff.api.dispose();
});
