import type { Page } from '@playwright/test';
import { STAFF, asSignedIn, expect, signIn, test } from './fixtures.js';

const SHOP_TIME_ZONE = 'Asia/Jakarta';

/**
 * The next Monday to Friday after today on the shop's clock, 'YYYY-MM-DD': Door Delivery runs Monday to
 * Friday 13:00-19:00 shop time, so 14:00 that day is accepted whatever day the suite runs.
 */
function nextShopWeekday(): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' });
  for (let days = 1; days <= 7; days++) {
    const parts = Object.fromEntries(format.formatToParts(new Date(Date.now() + days * 86_400_000)).map((p) => [p.type, p.value]));
    if (parts.weekday !== 'Sat' && parts.weekday !== 'Sun') return `${parts.year}-${parts.month}-${parts.day}`;
  }
  throw new Error('no weekday in the next seven days');
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a visitor fills a cart, signs in, pays for Door Delivery, and follows the order until it is delivered', async ({
  page,
  browser,
  checkA11y,
}) => {
  test.slow();
  const customer = { email: `e2e-order-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0101' };

  // A visitor picks two Large and one Regular Hazelnut Latte.
  await page.goto('/products');
  await page.getByRole('link', { name: /Hazelnut Latte/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hazelnut Latte' })).toBeVisible();
  await checkA11y();
  // The size chips choose the size; one stepper says how many.
  await page.getByRole('radio', { name: 'Large', exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Increase Hazelnut Latte' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
  await page.getByRole('radio', { name: 'Regular', exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Decrease Hazelnut Latte' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Your Cart, 3 items' })).toBeVisible();

  // They sign up (the accounts work's own story covers the form) and sign in: the cart comes along.
  const registered = await page.request.post('/api/v1/auth/register', { data: customer });
  expect(registered.status()).toBe(201);
  await signIn(page, customer.email, customer.password);
  await expect(mainNav(page).getByRole('link', { name: 'Your Cart, 3 items' })).toBeVisible();

  // Checkout: the merged lines, Door Delivery on a weekday afternoon, an address for this order, Bank Account.
  await mainNav(page).getByRole('link', { name: /^Your Cart/ }).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('x2 Large')).toBeVisible();
  await expect(summary.getByText('x1 Regular')).toBeVisible();
  await checkA11y();

  // The pills are labels over visually hidden radios: the label takes the click.
  await page.getByRole('radio', { name: 'Door Delivery' }).check({ force: true });
  await expect(page.getByText('Delivery only on Monday to friday at 1 - 7 pm', { exact: false })).toBeVisible();
  // The server adds the delivery fee: SHIPPING is what it answers, never computed here.
  await expect(summary.getByText('SHIPPING', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('IDR 15.000');
  await page.getByLabel('Day :').selectOption(nextShopWeekday());
  await page.getByLabel('Set time :').fill('14:00');
  await page.getByRole('button', { name: 'Edit delivery address' }).click();
  await page.getByLabel('Delivery address for this order').fill('Jl. Kopi Susu 12, Jakarta');
  await expect(page.getByRole('radio', { name: 'Bank Account' })).toBeChecked();
  const total = await summary.getByText('TOTAL', { exact: true }).locator('xpath=following-sibling::dd').innerText();

  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed!' })).toBeVisible();
  await expect(page.getByText('Pending')).toBeVisible();
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  await expect(page.getByText(/Transfer IDR [\d.]+ to BCA/)).toBeVisible();
  const orderNumber = (await page.getByText(/^#\d+$/).innerText()).slice(1);
  await checkA11y();
  await expect(mainNav(page).getByRole('link', { name: 'Your Cart' })).toBeVisible();

  // History shows it as pending.
  await mainNav(page).getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: "Let's see what you have bought!" })).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Hazelnut Latte +1 more' });
  await expect(card.getByText('Pending')).toBeVisible();
  await checkA11y();

  // A staff member, in another browser, takes it through the allowed statuses.
  await asSignedIn(browser, STAFF, async (staff) => {
    await staff.getByRole('button', { name: 'Profile menu' }).click();
    await staff.getByRole('link', { name: 'Orders' }).click();
    await expect(staff).toHaveURL(/\/staff\/orders$/);
    const order = staff.getByRole('listitem', { name: `Order #${orderNumber}` });
    await expect(order.getByText('Door Delivery')).toBeVisible();
    await expect(order.getByText('Jl. Kopi Susu 12, Jakarta')).toBeVisible();
    await checkA11y(staff);
    for (const move of ['Mark paid', 'Start preparing', 'Send out for delivery', 'Mark delivered']) {
      await order.getByRole('button', { name: `${move} (order #${orderNumber})` }).click();
      await expect(order.getByRole('button', { name: `${move} (order #${orderNumber})` })).toHaveCount(0);
    }
    await expect(order.getByText('Delivered', { exact: true })).toBeVisible();
  });

  // Back on the customer's tab (the browser fires visibilitychange when a tab is shown again), the history asks
  // again and shows Delivered.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(card.getByText('Delivered')).toBeVisible();

  // The keyboard way opens the question too; Escape closes it.
  await card.getByRole('button', { name: /^Delete order/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Delete from your history?' })).toBeVisible();
  await checkA11y();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // A long press (mouse down, wait, up) asks to delete the card; deleting removes it.
  const box = await card.locator('h2').boundingBox();
  if (!box) throw new Error('the order card is not on screen');
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(800);
  await page.mouse.up();
  const dialog = page.getByRole('alertdialog', { name: 'Delete from your history?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Removed from your history' })).toBeVisible();
});
