import type { Page } from '@playwright/test';
import { CUSTOMER, STAFF, expect, signIn, test } from './fixtures.js';
import { SPEC_TEXTS } from './spec-texts.js';
import type { SpecText, Step, Viewer } from './spec-texts.js';

/**
 * Every text of the original shop's specification (e2e/spec-texts.ts) on the screen the spec puts it, in the built
 * shop: each screen visited as the spec's viewer, each text looked for case-sensitively among visible elements.
 * Every text is checked (soft expectations), so one run names all that are missing.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (text: string) => new RegExp(escape(text));

/** The alerts a step raised (the register form's window.alert), read by the 'alert' texts. */
type Seen = { alerts: string[] };

const STEPS: Record<Step, (page: Page, seen: Seen) => Promise<void>> = {
  'open-profile-menu': async (page) => {
    await page.getByRole('button', { name: 'Profile menu' }).click();
  },
  'cart-with-a-drink': async (page) => {
    await putADrinkInTheCart(page);
  },
  'choose-door-delivery': async (page) => {
    await putADrinkInTheCart(page);
    await page.goto('/payment');
    await page.getByRole('radio', { name: 'Door Delivery' }).check({ force: true });
    await expect(page.getByRole('heading', { name: 'Address Detail' })).toBeVisible();
  },
  'submit-register-empty': async (page, seen) => {
    page.on('dialog', (dialog) => {
      seen.alerts.push(dialog.message());
      void dialog.accept();
    });
    const submit = page.getByRole('button', { name: 'Sign Up', exact: true });
    await submit.click();
    await page.getByLabel('Email Address').fill('spec-texts@example.com');
    await submit.click();
    await page.getByLabel('Password', { exact: true }).fill('Spec-Texts-2026');
    await submit.click();
    await expect.poll(() => seen.alerts.length).toBe(3);
  },
  'send-reset-link': async (page) => {
    await page.getByLabel('Email Address').fill('spec-texts@example.com');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Resend Link' })).toBeVisible();
  },
};

/** One Regular Hazelnut Latte in the signed-in customer's cart (the checkout shows a real cart). */
async function putADrinkInTheCart(page: Page): Promise<void> {
  await page.goto('/products/1');
  await page.getByRole('radio', { name: 'Regular', exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
}

async function expectShown(page: Page, entry: SpecText, seen: Seen): Promise<void> {
  const where = `${entry.screen} (${entry.route}, ${entry.as}): ${entry.kind ?? 'text'} "${entry.text}"`;
  if (entry.kind === 'alert') {
    expect.soft(seen.alerts.some((message) => message.includes(entry.text)), where).toBe(true);
    return;
  }
  if (entry.kind === 'option') {
    // A closed select's options are never "visible": the select is, and the option is in it.
    const option = page.getByRole('option', { name: words(entry.text) });
    await expect.soft(page.locator('select', { has: option }).filter({ visible: true }).first(), where).toBeVisible();
    return;
  }
  const found =
    entry.kind === 'placeholder'
      ? page.getByPlaceholder(words(entry.text))
      : entry.kind === 'label'
        ? page.getByLabel(words(entry.text))
        : entry.within
          ? page.getByText(words(entry.text))
          : page.getByText(entry.text, { exact: true });
  // A live countdown shows the spec's 01:52 eight seconds after the link is sent.
  await expect.soft(found.filter({ visible: true }).first(), where).toBeVisible({ timeout: entry.text === '01:52' ? 20_000 : undefined });
}

const ACCOUNTS: Record<Exclude<Viewer, 'visitor'>, { email: string; password: string }> = { customer: CUSTOMER, staff: STAFF };

/** One visit per screen, viewer and step. */
const visits = new Map<string, SpecText[]>();
for (const entry of SPEC_TEXTS) {
  const key = `${entry.screen} · ${entry.route} as ${entry.as}${entry.step ? ` after ${entry.step}` : ''}`;
  visits.set(key, [...(visits.get(key) ?? []), entry]);
}

test.describe('the spec’s texts, where the spec puts them', () => {
  for (const [visit, entries] of visits) {
    test(visit, async ({ page }) => {
      test.slow();
      const [{ route, as, step }] = entries as [SpecText];
      if (as !== 'visitor') await signIn(page, ACCOUNTS[as].email, ACCOUNTS[as].password);
      const seen: Seen = { alerts: [] };
      if (step !== 'choose-door-delivery') await page.goto(route);
      if (step) await STEPS[step](page, seen);
      for (const entry of entries) await expectShown(page, entry, seen);
    });
  }

});

test('a chosen coupon’s own terms come beside the shop’s four', async ({ page }) => {
  await page.goto('/products');
  const terms = page.getByRole('list', { name: 'Terms of every coupon' });
  await page.getByText('Sunday Morning Coffee').click();
  await expect(page.getByRole('list', { name: 'Terms of Sunday Morning Coffee' })).toBeVisible();
  for (const term of ['1 coupon per day', 'Dine in only', 'Buy 1 get 1 only for new user', 'Should make member card to apply coupon']) {
    await expect(terms.getByText(term, { exact: true })).toBeVisible();
  }
});
