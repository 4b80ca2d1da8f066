import { startPaymentSimulator, type PaymentSimulator } from '../apps/api/src/payments-simulator/simulator.js';
import { STAFF, asSignedIn, expect, signIn, test, tomorrowInTheShop } from './fixtures.js';
import { startOwnShop, type OwnShop } from './own-shop.js';

/**
 * Paying ahead by QRIS, end to end, with no staff step. This story has a shop of its own with a payment gateway
 * (MIDTRANS_* pointing at the gateway simulator, started here), so the rest of the suite keeps the shop without a
 * gateway, as a shop with no payment account runs (decision 023). Ports: E2E_PORT + 5 (shop) and + 6 (simulator).
 */
const PORT = Number(process.env.E2E_PAYMENTS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5);
const SIM_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_KEY = 'SB-Mid-server-e2e';
/** A live step must show well within 2 s; a little more for a busy test machine. */
const LIVE = { timeout: 2_500 };

let shop: OwnShop | undefined;
let sim: PaymentSimulator | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sim = await startPaymentSimulator({ serverKey: SERVER_KEY, port: SIM_PORT, notificationUrl: `${BASE}/api/v1/payments/midtrans/notification` });
  shop = await startOwnShop('payments', PORT, {
    MIDTRANS_SERVER_KEY: SERVER_KEY,
    MIDTRANS_CLIENT_KEY: 'SB-Mid-client-e2e',
    MIDTRANS_API_URL: sim.url,
  });
});

test.afterAll(async () => {
  shop?.stop();
  await sim?.close();
});

test('a customer pays ahead by QRIS and the kitchen display picks the order up by itself', async ({ page, browser, checkA11y }) => {
  test.slow();
  const customer = { email: `e2e-qris-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0404' };
  expect((await page.request.post('/api/v1/auth/register', { data: customer, headers: { origin: BASE } })).status()).toBe(201);
  await signIn(page, customer.email, customer.password);

  await asSignedIn(browser, STAFF, async (staff) => {
    await staff.goto('/staff/orders');
    await staff.getByRole('button', { name: 'Kitchen display' }).click();
    await expect(staff.getByRole('button', { name: 'Back to the list' })).toBeVisible();

    // A latte in the cart, for Pick up tomorrow at 10:00 (the checkout's own story covers choosing these).
    const products = await page.request.get('/api/v1/products?search=Hazelnut%20Latte&limit=1');
    const [latte] = ((await products.json()) as { data: { id: number | string }[] }).data;
    if (!latte) throw new Error('the demo menu has no Hazelnut Latte');
    const headers = { origin: BASE };
    expect((await page.request.post('/api/v1/cart/items', { headers, data: { productId: Number(latte.id), size: 'R', quantity: 1 } })).ok()).toBe(true);
    expect((await page.request.put('/api/v1/cart/delivery', { headers, data: { deliveryMethod: 'pick-up', scheduledFor: `${tomorrowInTheShop()}T10:00` } })).ok()).toBe(true);

    // QRIS is the first method and chosen already.
    await page.goto('/payment');
    const methods = page.getByRole('group', { name: 'Payment method' }).getByRole('radio');
    await expect(methods.first()).toHaveAccessibleName('QRIS');
    await expect(page.getByRole('radio', { name: 'QRIS' })).toBeChecked();
    await page.getByRole('button', { name: 'Confirm and pay' }).click();

    // The order's page shows the QR to scan and the time left.
    await expect(page).toHaveURL(/\/history\/\d+$/);
    const orderId = Number(/\/history\/(\d+)$/.exec(page.url())?.[1]);
    const order = page.getByRole('article', { name: `Order #${orderId}` });
    await expect(order.getByRole('img', { name: 'QRIS code to scan' })).toBeVisible();
    await expect(order.getByText(/Pay within \d+:\d\d/)).toBeVisible();
    await checkA11y();

    // The customer scans and pays in their e-wallet: the gateway tells the shop.
    const answer = await page.request.get(`/api/v1/orders/${orderId}`);
    const reference = ((await answer.json()) as { data: { payment: { reference: string } } }).data.payment.reference;
    expect(await sim?.pay(reference)).toBe(200);

    // Paid, on the customer's page and on the kitchen display, live, with no staff step.
    await expect(order.getByText('Paid', { exact: true }).first()).toBeVisible(LIVE);
    await expect(order.getByRole('img', { name: 'QRIS code to scan' })).toHaveCount(0);
    await expect(order.getByText('Paid by QRIS')).toBeVisible();
    await expect(staff.getByRole('button', { name: `Start early · #${orderId}` })).toBeVisible(LIVE);
    await expect(staff.getByRole('button', { name: `Mark paid · #${orderId}` })).toHaveCount(0);
  });
});
