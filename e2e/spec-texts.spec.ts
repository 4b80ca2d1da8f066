import { CUSTOMER, expect, signIn, test } from './fixtures.js';

/**
 * Texts of the original shop (../shared/spec/storefront-spec.md) that had gone missing, back where the spec puts
 * them, with the shop's own, truer details beside them (a coupon's own terms, how an order was received).
 */
test('the spec’s coupon terms, promo hours, Address Detail with Edit and Delivered are where the spec puts them', async ({ page }) => {
  test.slow();
  await page.goto('/products');
  const terms = page.getByRole('list', { name: 'Terms of every coupon' });
  for (const term of ['1 coupon per day', 'Dine in only', 'Buy 1 get 1 only for new user']) {
    await expect(terms.getByText(term, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/7 to 9 AM/)).toBeVisible();
  // A chosen coupon's own terms come beside the shop's, not instead of them.
  await page.getByText('Sunday Morning Coffee').click();
  await expect(page.getByRole('list', { name: 'Terms of Sunday Morning Coffee' })).toBeVisible();
  await expect(terms.getByText('1 coupon per day', { exact: true })).toBeVisible();

  await signIn(page, CUSTOMER.email, CUSTOMER.password);
  await page.goto('/history');
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();

  await page.goto('/products/3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
  await page.goto('/payment');
  await page.getByRole('radio', { name: 'Dine in' }).check({ force: true });
  await expect(page.getByRole('heading', { name: 'Address Detail' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit delivery address' })).toHaveText('Edit');
});
