import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { CUSTOMER, STAFF, expect, signIn, test } from './fixtures.js';
import { makePng } from './tiny-png.js';

// Mails go here when no SMTP server is configured (e2e/serve.mjs sets DATA_DIR to e2e/.data).
const OUTBOX = path.join(path.dirname(fileURLToPath(import.meta.url)), '.data', 'outbox');

const unique = (name: string) => `e2e-${name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;

/** Picks a file through the page's own button, as a person would (the file input itself is hidden). */
async function choosePicture(page: Page, button: string, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: makePng() });
}

/** quoted-printable (RFC 2045): soft line breaks and =XX escapes. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newest mail to `to` whose subject matches, once the API has written it to the outbox. */
async function readMail(to: string, subject: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(OUTBOX).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort().reverse();
        for (const name of names) {
          const text = decodeQuotedPrintable(await fs.readFile(path.join(OUTBOX, name), 'utf8'));
          if (text.includes(to) && text.includes(subject)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { message: `a mail "${subject}" to ${to} in ${OUTBOX}`, timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

test.describe('accounts', () => {
  test('a customer signs up, signs in, fills in the profile with a photo, and signs out', async ({ page, checkA11y }) => {
    // Several argon2 sign-ins and picture uploads: more than the default 30 s on a busy machine.
    test.slow();
    const email = unique('profile');
    const password = 'Kopi-Susu-Gula-Aren-7';

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Up with Google' })).toBeVisible();
    await checkA11y();
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Phone Number').fill('+62 812 5555 0101');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    // Signed in at once, back where the customer was going (the home page here): nothing to type twice.
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('@userLogin'))) ?? '{}') as unknown).toMatchObject({
      email,
      role: 'customer',
    });

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await checkA11y();

    await page.getByLabel('Display name').fill('Rina Barista');
    await page.getByLabel('First name').fill('Rina');
    await page.getByLabel('Last name').fill('Wijaya');
    await page.getByLabel('Delivery address').fill('Jl. Kopi 12, Jakarta');
    await page.getByLabel('Date of birth').fill('14/02/98');
    await page.getByRole('radio', { name: 'Female' }).check();
    await choosePicture(page, 'Choose Photo', 'me.png');
    await expect(page.getByRole('img', { name: 'Your new photo (not saved yet)' })).toBeVisible();
    await page.getByRole('button', { name: 'Save Change' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();

    // Stored on the server: a fresh page shows it all, the photo served by the shop.
    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Rina Barista');
    await expect(page.getByLabel('Date of birth')).toHaveValue('14/02/98');
    await expect(page.getByLabel('Delivery address')).toHaveValue('Jl. Kopi 12, Jakarta');
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
    const photo = page.getByRole('img', { name: 'Your photo' });
    await expect(photo).toHaveAttribute('src', /^\/uploads\/images\/.+\.webp$/);
    // The picture really loads (decoded, with pixels), however long the server takes to send it.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await checkA11y();

    // Cancel puts back what was saved.
    await page.getByLabel('First name').fill('Someone else');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Rina');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login(\?returnTo=%2Fuser)?$/);
    expect(await page.evaluate(() => localStorage.getItem('@userLogin'))).toBeNull();
    // The session is over on the server too.
    expect(await (await page.request.get('/api/v1/auth/session')).json()).toEqual({ data: null });
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fuser$/);

    // A wrong password is told in a banner the customer can close; the right one returns to the profile.
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
    await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/user$/);
  });

  test('a customer who forgot the password gets a link by mail and signs in with a new password', async ({ page, checkA11y }) => {
    // Several argon2 sign-ins and picture uploads: more than the default 30 s on a busy machine.
    test.slow();
    const email = unique('reset');
    const registered = await page.request.post('/api/v1/auth/register', { data: { email, password: 'First-Roast-2024', phone: '0812 3456 7000' } });
    expect(registered.status()).toBe(201);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await checkA11y();
    await page.getByPlaceholder('Enter your email address to get link').fill(email);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('If an account uses this email, we have sent it a link')).toBeVisible();
    await expect(page.getByText("Click here if you didn't receive any link in 2 minutes")).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^0[12]:[0-5]\d$/);
    await expect(page.getByRole('button', { name: 'Resend Link' })).toBeDisabled();
    await checkA11y();

    const mail = await readMail(email, 'Choose a new Coffee Shop password');
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w%.-]+/.exec(mail)?.[0];
    expect(link, 'the reset link in the mail').toBeTruthy();
    const { pathname, search } = new URL(link ?? '');
    // PUBLIC_URL names localhost; the suite runs on 127.0.0.1, so only the path is followed.
    await page.goto(`${pathname}${search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await checkA11y();
    await page.getByLabel('New Password', { exact: true }).fill('Second-Roast-2025');
    await page.getByLabel('Confirm New Password').fill('Second-Roast-2025');
    await page.getByRole('button', { name: 'Save New Password' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
    await signIn(page, email, 'Second-Roast-2025');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The link worked once.
    await page.goto(`${pathname}${search}`);
    await page.getByLabel('New Password', { exact: true }).fill('Third-Roast-2026');
    await page.getByLabel('Confirm New Password').fill('Third-Roast-2026');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid, has expired or was already used');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('a staff member adds a product with a picture, finds it in its tab, changes its price and deletes it', async ({ page, checkA11y }) => {
    // Several argon2 sign-ins and picture uploads: more than the default 30 s on a busy machine.
    test.slow();
    const name = `Test Roast ${Date.now()}`;
    await signIn(page, STAFF.email, STAFF.password);

    await page.goto('/products');
    await page.getByRole('link', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/add-products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
    await checkA11y();

    await choosePicture(page, 'Choose Picture', 'roast.png');
    await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Price').fill('27');
    await page.getByLabel('Category').selectOption({ label: 'Coffee' });
    await page.getByLabel('Description').fill('A light roast brewed for the end-to-end suite.');
    await page.getByLabel('Regular (R)').fill('27');
    await page.getByLabel('Large (L)').fill('32');
    await page.getByRole('button', { name: 'Save Product' }).click();

    await expect(page).toHaveURL(/\/products\?tab=coffee$/);
    await expect(page.getByRole('tab', { name: 'Coffee', exact: true })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('tabpanel').getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('IDR 27.000');
    await expect(card.getByRole('img', { name })).toHaveAttribute('src', /^\/uploads\/images\/.+\.webp$/);

    await card.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('link', { name: 'Edit product' }).click();
    await expect(page.getByLabel('Product Name')).toHaveValue(name);
    await expect(page.getByLabel('Price')).toHaveValue('27');
    await expect(page.getByRole('img', { name: `Current picture of ${name}` })).toBeVisible();
    await checkA11y();
    await page.getByLabel('Price').fill('29');
    await page.getByLabel('Regular (R)').fill('29');
    await page.getByRole('button', { name: 'UpdateProduct' }).click();

    await expect(page).toHaveURL(/\/products\?tab=coffee$/);
    await expect(page.getByRole('tabpanel').getByRole('article').filter({ hasText: name })).toContainText('IDR 29.000');

    await page.getByRole('tabpanel').getByRole('link', { name }).click();
    await expect(page.getByText('IDR 29.000').first()).toBeVisible();
    const productPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Edit product' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this product?' });
    await expect(confirm).toContainText(name);
    await checkA11y();
    await confirm.getByRole('button', { name: 'Delete product' }).click();

    await expect(page).toHaveURL(/\/products\?tab=coffee$/);
    await expect(page.getByRole('tabpanel').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('link', { name })).toHaveCount(0);
    expect((await page.request.get(`/api/v1${productPath}`)).status()).toBe(404);
  });

  test('a customer cannot reach the staff screens', async ({ page, checkA11y }) => {
    // A visitor is sent to sign in first.
    await page.goto('/add-products');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fadd-products$/);
    await expect(page.getByText('Please sign in to continue.')).toBeVisible();

    await signIn(page, CUSTOMER.email, CUSTOMER.password);
    await page.goto('/add-products');
    await expect(page.getByRole('heading', { level: 1, name: 'This page is for shop staff' })).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveCount(0);
    await checkA11y();
    await page.goto('/edit-products/1');
    await expect(page.getByRole('heading', { level: 1, name: 'This page is for shop staff' })).toBeVisible();
    await expect(page).toHaveURL(/\/edit-products\/1$/);

    await page.goto('/products');
    await expect(page.getByRole('tabpanel').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);
    await page.getByRole('tabpanel').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit product' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);

    // And the API refuses a customer's menu change whatever the page shows.
    const refused = await page.request.post('/api/v1/products', { data: { name: 'Sneaky Latte', price: 1, category: 'coffee' } });
    expect(refused.status()).toBe(403);
  });
});
