import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A Pick up time an hour or more ahead on the shop's clock, inside 09:00-17:00 (tomorrow when today is too late). */
function pickUpTime(): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jakarta', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const at = hour + 2 >= 9 && hour + 2 <= 16 ? hour + 2 : 10;
  return `${String(at).padStart(2, '0')}:30`;
}

async function visitorChoosesPickUp(page: Page, time: string): Promise<void> {
  await page.goto('/products/3');
  await page.getByRole('radio', { name: 'Pick up' }).check({ force: true });
  await page.getByLabel('Set time :').fill(time);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Your Cart, 1 item' })).toBeVisible();
}

async function expectCheckoutKeeps(page: Page, time: string): Promise<void> {
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('radio', { name: 'Pick up' })).toBeChecked();
  await expect(page.getByLabel('Set time :')).toHaveValue(time);
}

test('a visitor’s Pick up time survives sign-up, and the order records it', async ({ page }) => {
  test.slow();
  const time = pickUpTime();
  await visitorChoosesPickUp(page, time);

  // Your Cart -> the sign-in screen -> Sign Up, as a visitor would.
  await mainNav(page).getByRole('link', { name: /^Your Cart/ }).click();
  // The product page has Sign Up links of its own, and it stays drawn while the sign-in screen's code and words
  // arrive (the address has changed by then): wait until the sign-in screen itself is there.
  await expect(page).not.toHaveURL(/\/products\/3$/);
  await expect(page.getByLabel('Email Address')).toBeVisible();
  await page.getByRole('link', { name: /Sign Up/i }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Email Address').fill(`e2e-carry-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Roasted#Beans-2024');
  await page.getByLabel('Phone Number').fill('+62 812 5555 0102');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expectCheckoutKeeps(page, time);
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed!' })).toBeVisible();
  const orderNumber = (await page.getByText(/^#\d+$/).innerText()).slice(1);
  const order = await page.request.get(`/api/v1/orders/${orderNumber}`);
  expect(order.status()).toBe(200);
  const { data } = (await order.json()) as { data: { deliveryMethod: string; scheduledFor: string | null } };
  expect(data.deliveryMethod).toBe('pick-up');
  expect(data.scheduledFor).toContain(`T${time}`);
});

test('a visitor’s Pick up time survives sign-in', async ({ page }) => {
  test.slow();
  const customer = { email: `e2e-carry-in-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0103' };
  const registered = await page.request.post('/api/v1/auth/register', { data: customer });
  expect(registered.status()).toBe(201);
  await page.request.post('/api/v1/auth/logout');
  await page.context().clearCookies();
  const time = pickUpTime();
  await visitorChoosesPickUp(page, time);

  await mainNav(page).getByRole('link', { name: /^Your Cart/ }).click();
  // The product page has Sign Up links of its own: wait until the cart has led to the sign-in screen.
  await expect(page).not.toHaveURL(/\/products\/3$/);
  await page.getByLabel('Email Address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectCheckoutKeeps(page, time);
});
