import { randomUUID } from 'node:crypto';
import { STAFF, asSignedIn, expect, signIn, test, tomorrowInTheShop } from './fixtures.js';

test('a customer opens an order from History, finds how to pay it, cancels it, and the shop sees it cancelled', async ({
  page,
  browser,
  checkA11y,
}) => {
  test.slow();
  const customer = {
    email: `e2e-order-page-${Date.now()}@example.com`,
    password: 'Roasted#Beans-2024',
    phone: '+62 812 5555 0202',
  };
  const registered = await page.request.post('/api/v1/auth/register', { data: customer });
  expect(registered.status()).toBe(201);
  await signIn(page, customer.email, customer.password);
  // Their name, for the shop to call at the counter.
  expect((await page.request.patch('/api/v1/users/me', { data: { firstName: 'Dewi', lastName: 'Lestari' } })).status()).toBe(200);

  // An order for Pick up tomorrow, paid by bank transfer (the checkout's own story covers the form).
  const products = await page.request.get('/api/v1/products?search=Hazelnut%20Latte&limit=1');
  // The catalogue writes ids as text (the original shop's clients read them so); the cart takes the number.
  const [latte] = ((await products.json()) as { data: { id: number | string }[] }).data;
  if (!latte) throw new Error('the demo menu has no Hazelnut Latte');
  const added = await page.request.post('/api/v1/cart/items', { data: { productId: Number(latte.id), size: 'R', quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await page.request.post('/api/v1/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: { paymentMethod: 'bank-account', deliveryMethod: 'pick-up', scheduledFor: `${tomorrowInTheShop()}T10:00` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { data: { id: number } }).data.id;

  // From History, the card opens the order's own page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await page.getByRole('link', { name: `See order #${orderId}: status, payment and receipt` }).click();
  await expect(page).toHaveURL(new RegExp(`/history/${orderId}$`));
  const order = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(order.getByText('Pending')).toBeVisible();
  await expect(order.getByText('1 × Hazelnut Latte')).toBeVisible();
  await expect(order.getByText('At the counter of the shop')).toBeVisible();

  // The bank account and the reference are there, on every visit, while the payment is awaited.
  const howToPay = order.getByRole('region', { name: 'How to pay' });
  await expect(howToPay).toContainText(`"Order ${orderId}" as the reference`);
  await page.reload();
  await expect(page.getByRole('region', { name: 'How to pay' })).toContainText(`"Order ${orderId}" as the reference`);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await checkA11y();

  // They change their mind: Cancel asks first, then the order is cancelled.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order #${orderId}?` });
  await expect(dialog).toBeVisible();
  await checkA11y();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order #${orderId} is cancelled` })).toBeVisible();
  await expect(order.getByText('Cancelled by you')).toBeVisible();
  await expect(page.getByRole('region', { name: 'How to pay' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // Staff, in another browser, see it cancelled, with the customer's name and phone.
  await asSignedIn(browser, STAFF, async (staff) => {
    await staff.goto('/staff/orders');
    const card = staff.getByRole('listitem', { name: `Order #${orderId}` });
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(card.getByText('Dewi Lestari')).toBeVisible();
    await expect(card.getByRole('link', { name: customer.phone })).toBeVisible();
    await expect(card.getByRole('button', { name: /Start preparing/ })).toHaveCount(0);
    await checkA11y(staff);

    await card.getByRole('link', { name: `Order #${orderId}` }).click();
    await expect(staff).toHaveURL(new RegExp(`/staff/orders/${orderId}$`));
    await expect(staff.getByText('Cancelled by the customer')).toBeVisible();
  });
});
