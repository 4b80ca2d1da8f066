import type { Page } from '@playwright/test';
import { CUSTOMER, STAFF, asSignedIn, expect, test } from './fixtures.js';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Words a customer should never read: API field names and ISO timestamps. */
const DEVELOPER_WORDS = /\b(scheduledFor|deliveryMethod|paymentMethod|productId|optionIds|currentPassword)\b|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

async function expectCustomerWords(page: Page): Promise<void> {
  for (const text of await page.getByRole('alert').allInnerTexts()) expect(text).not.toMatch(DEVELOPER_WORDS);
  await expect(page.locator('main')).not.toContainText(DEVELOPER_WORDS);
}

async function openHazelnutLatte(page: Page): Promise<void> {
  await page.goto('/products');
  await page.getByRole('link', { name: /Hazelnut Latte/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hazelnut Latte' })).toBeVisible();
}

test('a visitor asks the staff about a drink, and staff see the question with the drink named and mark it answered', async ({
  page,
  browser,
  checkA11y,
}) => {
  const message = `Is the Hazelnut Latte very sweet? (${Date.now()})`;
  await openHazelnutLatte(page);
  await page.getByRole('button', { name: 'Ask a Staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask about Hazelnut Latte' });
  await expect(dialog).toBeVisible();
  await checkA11y();

  // An empty form is answered in words, under the fields.
  await dialog.getByRole('button', { name: 'Send Question' }).click();
  await expect(dialog.getByText('Please write your question.')).toBeVisible();
  await expectCustomerWords(page);

  await dialog.getByLabel('Your name').fill('Sari');
  await dialog.getByLabel('Email or phone').fill('sari@example.com');
  await dialog.getByLabel('Your question').fill(message);
  await dialog.getByRole('button', { name: 'Send Question' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your question reached our staff' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await asSignedIn(browser, STAFF, async (staff) => {
    await staff.goto('/staff/orders');
    const question = staff.getByRole('article').filter({ hasText: message });
    await expect(question.getByRole('heading', { name: 'About Hazelnut Latte' })).toBeVisible();
    await expect(question.getByText('sari@example.com', { exact: false })).toBeVisible();
    await checkA11y(staff);
    await question.getByRole('button', { name: /Mark answered/ }).click();
    await expect(staff.getByRole('article').filter({ hasText: message })).toHaveCount(0);
  });
});

test('a visitor sent to Login from CHECK OUT comes back to the checkout, which greets them without an error', async ({ page }) => {
  await openHazelnutLatte(page);
  await page.getByRole('button', { name: 'CHECK OUT' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fpayment$/);

  await page.getByLabel('Email Address').fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('region', { name: 'Order Summary' }).getByText('Hazelnut Latte')).toBeVisible();
  // Whatever the hour: no red error before the customer has done anything, and never a field name or ISO date.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectCustomerWords(page);
});

test('signing up from the checkout signs the new customer in and takes them back to it', async ({ page }) => {
  const email = `e2e-signup-${Date.now()}@example.com`;
  await openHazelnutLatte(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
  await page.getByRole('button', { name: 'CHECK OUT' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fpayment$/);

  await page.getByRole('link', { name: 'Sign up here' }).click();
  await expect(page).toHaveURL(/\/register\?returnTo=%2Fpayment$/);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Kopi-Susu-Gula-Aren-2026');
  await page.getByLabel('Phone Number').fill('0812 3456 7890');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  // Signed in, no second form to fill: the checkout with the visitor's cart merged in.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Order Summary' }).getByText('Hazelnut Latte')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectCustomerWords(page);
});
