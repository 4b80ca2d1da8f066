import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startPaymentSimulator, type PaymentSimulator } from '../apps/api/src/payments-simulator/simulator.js';
import { englishOn, enteredNames } from './english.js';
import { STAFF, asSignedIn, expect, signInAnyLanguage, test, tomorrowInTheShop } from './fixtures.js';
import { overflowing } from './overflow.js';
import { customerWithLatteForTomorrow, startOwnShop, type OwnShop } from './own-shop.js';

/**
 * The second chances and the endings of paying ahead (issue 28), in a shop of their own with the gateway simulator:
 * a declined card tried again, an untyped card's window ended by the shop's clock, and a bank transfer refunded to the
 * customer's account. A one-minute window for QR and card (MIDTRANS_EXPIRY_MINUTES) and a sweep every second, so the
 * window's end is seen within the story. Ports: E2E_PORT + 7 (shop) and + 8 (simulator).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const SIM_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_KEY = 'SB-Mid-server-e2e-more';

let shop: OwnShop | undefined;
let sim: PaymentSimulator | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sim = await startPaymentSimulator({ serverKey: SERVER_KEY, port: SIM_PORT, notificationUrl: `${BASE}/api/v1/payments/midtrans/notification` });
  shop = await startOwnShop('payments-more', PORT, {
    MIDTRANS_SERVER_KEY: SERVER_KEY,
    MIDTRANS_CLIENT_KEY: 'SB-Mid-client-e2e-more',
    MIDTRANS_API_URL: sim.url,
    MIDTRANS_EXPIRY_MINUTES: '1',
    MIDTRANS_BANK_TRANSFER_EXPIRY_MINUTES: '60',
    MIDTRANS_SWEEP_MS: '1000',
    // The card's 3-D Secure page sends the customer back here.
    PUBLIC_URL: BASE,
  });
});

test.afterAll(async () => {
  shop?.stop();
  await sim?.close();
});

/** A new customer, signed in, with a latte for Pick up tomorrow at 10:00, at the checkout with `method` chosen. */
async function atCheckout(page: Page, method: 'Card' | 'Bank Account'): Promise<void> {
  await customerWithLatteForTomorrow(page, BASE, 'pay', '+62 812 5555 0405');
  await page.goto('/payment');
  await page.getByRole('radio', { name: method }).check();
}

/** Confirms the checkout and answers the order's number, from its page. */
async function confirm(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/history\/\d+$/);
  return Number(/\/history\/(\d+)$/.exec(page.url())?.[1]);
}

/** The simulator is another site: the story lets the browser reach it (the card's token and 3-D Secure page). */
async function allowGateway(page: Page): Promise<void> {
  await page.route((url) => url.port === String(SIM_PORT), (route) => route.continue());
}

async function payByCard(page: Page, number: string, button: 'Pay by card' | 'Try another card'): Promise<void> {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Month (MM)').fill('12');
  await form.getByLabel('Year (YYYY)').fill('2030');
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: button }).click();
  // The bank's 3-D Secure page (the simulator's), then back to the order.
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page).toHaveURL(/\/history\/\d+$/);
}

test('a declined card leaves the order open, and another card pays it', async ({ page }) => {
  test.slow();
  await allowGateway(page);
  await atCheckout(page, 'Card');
  const orderId = await confirm(page);
  const order = page.getByRole('article', { name: `Order #${orderId}` });

  await payByCard(page, '4911111111111113', 'Pay by card');
  // Declined: the order is still there to pay, with another card or another way.
  await expect(order.getByRole('button', { name: 'Try another card' })).toBeVisible();
  await expect(order.getByText('Pending')).toBeVisible();
  await payByCard(page, '4811111111111114', 'Try another card');
  await expect(order.getByText('Paid', { exact: true }).first()).toBeVisible();
});

test('an order whose card was never typed is cancelled by the shop when its window ends', async ({ page }) => {
  test.setTimeout(150_000);
  await atCheckout(page, 'Card');
  const orderId = await confirm(page);
  const order = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(order.getByRole('form', { name: 'Card details' })).toBeVisible();
  // No card, no notice from the gateway: the shop's own clock ends the one-minute window, and the page shows it.
  await expect(order.getByText('Cancelled', { exact: true }).first()).toBeVisible({ timeout: 100_000 });
  await expect(order.getByRole('form', { name: 'Card details' })).toBeHidden();
});

test('a bank transfer is refunded to the account the customer gives, recorded once by staff', async ({ page, browser, checkA11y }) => {
  test.slow();
  await atCheckout(page, 'Bank Account');
  const orderId = await confirm(page);
  const order = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(order.getByLabel('Virtual account number')).toBeVisible();
  // The customer transfers at the bank: the gateway tells the shop.
  const answer = await page.request.get(`/api/v1/orders/${orderId}`);
  const reference = ((await answer.json()) as { data: { payment: { reference: string } } }).data.payment.reference;
  expect(await sim?.pay(reference)).toBe(200);
  await expect(order.getByText('Paid', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  const refund = page.getByRole('form', { name: 'Where to send your refund' });
  await refund.getByLabel('Account number').fill('12');
  await refund.getByRole('button', { name: 'Send me the refund here' }).click();
  await expect(refund.getByText('Name on the account is required, as the bank knows it')).toBeVisible();
  await expect(refund.getByText('Account number must be 6 to 20 digits')).toBeVisible();
  await refund.getByLabel('Name on the account').fill('Sari Wulandari');
  await refund.getByLabel('Bank').fill('BCA');
  await refund.getByLabel('Account number').fill('0123 4567 89');
  await refund.getByRole('button', { name: 'Send me the refund here' }).click();
  await expect(order.getByText('The shop transfers it to Sari Wulandari, BCA, account ending 6789.')).toBeVisible();
  await checkA11y();

  await asSignedIn(browser, STAFF, async (staff) => {
    await staff.goto(`/staff/orders/${orderId}`);
    const transfer = staff.getByRole('group', { name: `Refund by transfer (order #${orderId})` });
    await expect(transfer).toContainText('Sari Wulandari, BCA 0123456789');
    await transfer.getByRole('button', { name: 'Refunded by transfer' }).click();
    await expect(staff.getByRole('article', { name: `Order #${orderId}` }).getByText(/^Refunded: /)).toBeVisible();
    await expect(transfer).toBeHidden();
  });

  await page.reload();
  await expect(order.getByText(/^Refunded: IDR [\d.]+ on /)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Where to send your refund' })).toBeHidden();
});

test.describe('in Bahasa Indonesia', () => {
  test.use({ locale: 'id-ID' });

  test('each way to pay ahead reads in Indonesian on the order page, on a phone', async ({ page }) => {
    test.slow();
    await allowGateway(page);
    // A customer who signed up in Indonesian: the screens follow the account's language, as its mails and pushes do.
    const headers = { origin: BASE };
    const customer = { email: `e2e-bahasa-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0407' };
    expect((await page.request.post('/api/v1/auth/register', { data: customer, headers: { ...headers, 'Accept-Language': 'id' } })).status()).toBe(201);
    await signInAnyLanguage(page, customer.email, customer.password);
    const tomorrow = tomorrowInTheShop();
    const latte = ((await (await page.request.get('/api/v1/products?search=Hazelnut%20Latte&limit=1')).json()) as { data: { id: number }[] }).data[0];
    const names = await enteredNames(page);
    const problems: string[] = [];
    await page.setViewportSize({ width: 360, height: 800 });
    const ways: [string, Record<string, string>][] = [['qris', {}], ['card', {}], ['bank-account', { bank: 'bni' }], ['gopay', {}], ['shopeepay', {}]];
    for (const [paymentMethod, extra] of ways) {
      expect((await page.request.post('/api/v1/cart/items', { headers, data: { productId: Number(latte?.id), size: 'R', quantity: 1 } })).ok()).toBe(true);
      const placed = await page.request.post('/api/v1/orders', {
        headers: { ...headers, 'idempotency-key': randomUUID() },
        data: { paymentMethod, deliveryMethod: 'pick-up', scheduledFor: `${tomorrow}T10:00`, ...extra },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
      await page.goto(`/history/${orderId}`);
      await expect(page.getByRole('heading', { level: 1, name: `Pesanan #${orderId}` })).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const english of await englishOn(page, names)) problems.push(`${paymentMethod}: English "${english}"`);
      for (const past of await overflowing(page)) problems.push(`${paymentMethod}: ${past}`);
    }
    expect(problems).toEqual([]);
  });
});
