import { startPaymentSimulator, type PaymentSimulator } from '../apps/api/src/payments-simulator/simulator.js';
import { expect, test } from './fixtures.js';
import { customerWithLatteForTomorrow, startOwnShop, type OwnShop } from './own-shop.js';

/**
 * GoPay on the same phone (issue 28): on a phone-sized touch screen the checkout offers GoPay, the order page opens the
 * wallet (the simulator's page at the gateway's deep link), the customer pays there and comes back to the order page,
 * which shows "Paid". A shop of its own with the gateway simulator. Ports: E2E_PORT + 11 (shop) and + 12 (simulator).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 11;
const SIM_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_KEY = 'SB-Mid-server-e2e-wallets';

let shop: OwnShop | undefined;
let sim: PaymentSimulator | undefined;

// A phone: a narrow screen and a touch pointer (what the checkout asks before offering the wallets).
test.use({ baseURL: BASE, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sim = await startPaymentSimulator({ serverKey: SERVER_KEY, port: SIM_PORT, notificationUrl: `${BASE}/api/v1/payments/midtrans/notification` });
  shop = await startOwnShop('payments-wallets', PORT, {
    MIDTRANS_SERVER_KEY: SERVER_KEY,
    MIDTRANS_CLIENT_KEY: 'SB-Mid-client-e2e-wallets',
    MIDTRANS_API_URL: sim.url,
    // The wallet app sends the customer back here.
    PUBLIC_URL: BASE,
  });
});

test.afterAll(async () => {
  shop?.stop();
  await sim?.close();
});

test('on a phone, GoPay opens the wallet, which pays and comes back to the order page, paid', async ({ page }) => {
  test.slow();
  // The simulator's wallet page is another site.
  await page.route((url) => url.port === String(SIM_PORT), (route) => route.continue());
  await customerWithLatteForTomorrow(page, BASE, 'wallet', '+62 812 5555 0411');

  await page.goto('/payment');
  await expect(page.getByRole('radio', { name: 'ShopeePay' })).toBeVisible();
  await page.getByRole('radio', { name: 'GoPay' }).check();
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/history\/\d+$/);
  const orderId = Number(/\/history\/(\d+)$/.exec(page.url())?.[1]);
  const order = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(order.getByText(/Pay within/)).toBeVisible();
  await expect(order.getByRole('button', { name: 'Pay by QRIS instead' })).toBeVisible();

  await order.getByRole('link', { name: 'Open GoPay' }).click();
  // The wallet app (the simulator's page): the amount, Pay and Decline.
  await expect(page.getByRole('heading', { name: 'GoPay (simulator)' })).toBeVisible();
  await expect(page.getByText(/IDR \d/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/history/${orderId}$`));
  await expect(page.getByRole('article', { name: `Order #${orderId}` }).getByText('Paid', { exact: true }).first()).toBeVisible();
});
