import type { Locator, Page } from '@playwright/test';
import { STAFF, asSignedIn, expect, signIn, test } from './fixtures.js';

const SHOP_TIME_ZONE = 'Asia/Jakarta';

/** The next Monday to Friday on the shop's clock, 'YYYY-MM-DD', so 10:00 is inside the shop's hours whatever day it runs. */
function nextShopWeekday(): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' });
  for (let days = 1; days <= 7; days++) {
    const parts = Object.fromEntries(format.formatToParts(new Date(Date.now() + days * 86_400_000)).map((p) => [p.type, p.value]));
    if (parts.weekday !== 'Sat' && parts.weekday !== 'Sun') return `${parts.year}-${parts.month}-${parts.day}`;
  }
  throw new Error('no weekday in the next seven days');
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const figure = (summary: Locator, label: string) => summary.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');

// Creamy Ice Latte is on promotion (20% off its sizes): Large IDR 24.800 instead of 31.000, oat milk +8.000, less
// sugar, an extra shot +8.000 = IDR 40.800 a cup (47.000 without the promotion).
const NOTE = 'Extra cold, no straw please';

test('a customer orders a Large iced latte with oat milk, less sugar, an extra shot and a note, and the barista sees it all', async ({
  page,
  browser,
  checkA11y,
}) => {
  test.slow();
  const customer = { email: `e2e-options-${Date.now()}@example.com`, password: 'Oat-Milk-Latte#2024', phone: '+62 812 5555 0202' };
  const registered = await page.request.post('/api/v1/auth/register', { data: customer });
  expect(registered.status()).toBe(201);
  await signIn(page, customer.email, customer.password);

  // The product page: every choice moves the price shown under the name.
  await page.goto('/products');
  await page.getByRole('link', { name: /Creamy Ice Latte/ }).first().click();
  const name = page.getByRole('heading', { level: 1, name: 'Creamy Ice Latte' });
  // The charged price: the first amount after the name (the struck regular price follows it).
  const price = name.locator('xpath=following-sibling::*[1]/descendant-or-self::data[1]');
  await expect(price).toHaveText('IDR 21.600');
  await page.getByRole('radio', { name: 'Large', exact: true }).check({ force: true });
  await expect(price).toHaveText('IDR 24.800');
  await page.getByRole('group', { name: 'Milk' }).getByRole('radio', { name: /Oat milk/ }).check({ force: true });
  await page.getByRole('group', { name: 'Sugar' }).getByRole('radio', { name: 'Less sugar' }).check({ force: true });
  await page.getByRole('group', { name: 'Extra shot' }).getByRole('checkbox', { name: /Extra espresso shot/ }).check({ force: true });
  await expect(price).toHaveText('IDR 40.800');
  await page.getByRole('textbox', { name: 'Note to the barista' }).fill(NOTE);
  await checkA11y();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();

  // The checkout: the line carries its options and note, priced by the server, and the figures add up.
  await mainNav(page).getByRole('link', { name: /^Your Cart/ }).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('x1 Large')).toBeVisible();
  const options = summary.getByRole('list', { name: 'Options' });
  await expect(options.getByRole('listitem')).toHaveText(['Oat milk (+IDR 8.000)', 'Less sugar', 'Normal ice', 'Extra espresso shot (+IDR 8.000)']);
  await expect(summary.getByText(`Note: ${NOTE}`)).toBeVisible();
  await expect(figure(summary, 'SUBTOTAL')).toHaveText('IDR 40.800');
  await expect(figure(summary, 'TAX & FEES')).toHaveText('IDR 4.080');
  await checkA11y();

  await page.getByRole('radio', { name: 'Pick up' }).check({ force: true });
  await page.getByLabel('Day :').selectOption(nextShopWeekday());
  await page.getByLabel('Set time :').fill('10:00');
  await expect(figure(summary, 'TOTAL')).toHaveText('IDR 44.880');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed!' })).toBeVisible();
  await expect(page.getByText('IDR 44.880', { exact: true })).toBeVisible();
  const orderNumber = (await page.getByText(/^#\d+$/).innerText()).slice(1);

  // The history card shows the choices under the drink.
  await mainNav(page).getByRole('link', { name: 'History' }).click();
  const card = page.getByRole('listitem', { name: 'Creamy Ice Latte' });
  await expect(card.getByText('Oat milk')).toBeVisible();
  await expect(card.getByText(`Note: ${NOTE}`)).toBeVisible();

  // The staff screen: the barista reads the options and the note under the line, at the price ordered.
  await asSignedIn(browser, STAFF, async (staff) => {
    await staff.goto('/staff/orders');
    const order = staff.getByRole('listitem', { name: `Order #${orderNumber}` });
    await expect(order.getByRole('list', { name: 'Options' }).getByRole('listitem')).toHaveText([
      'Oat milk (+IDR 8.000)',
      'Less sugar',
      'Normal ice',
      'Extra espresso shot (+IDR 8.000)',
    ]);
    await expect(order.getByText(`Note: ${NOTE}`)).toBeVisible();
    await expect(order.getByText('IDR 40.800').first()).toBeVisible();
    await checkA11y(staff);
  });
});
