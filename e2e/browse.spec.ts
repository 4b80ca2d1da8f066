import { expect, expectNoHorizontalScroll, test } from './fixtures.js';

test.describe('a customer browsing the shop', () => {
  test('the home page shows every section of the original landing page', async ({ page, checkA11y }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Start Your Day with Coffee and Good Meals' })).toBeVisible();
    await expect(page.getByText('90+')).toBeVisible();
    await expect(page.getByText('30+')).toBeVisible();
    await expect(page.getByText('800+')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'We Provide Good Coffee and Healthy Meals' })).toBeVisible();
    await expect(page.getByRole('heading', { name: "Here is People's Favorite" })).toBeVisible();
    await expect(page.getByText('IDR 34.000').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Visit Our Store in the Spot on the Map Below' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Partner' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Loved by Thousands of Happy Customer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check our promo today!' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('2020');
    await checkA11y();

    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('the product list opens on Favorite & Promo and loads each category once, on first show', async ({ page, checkA11y }) => {
    const listCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/v1/products') listCalls.push(url.search);
    });
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Promo Today' })).toBeVisible();
    await expect(page.getByText('Coupons will be updated every weeks. Check them out!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply Coupon' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Favorite & Promo' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByText('*the price has been cutted by discount appears.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Hazelnut Latte/ }).first()).toBeVisible();
    await checkA11y();

    await page.getByRole('tab', { name: 'Coffee', exact: true }).click();
    await expect(page.getByRole('tabpanel', { name: 'Coffee', exact: true })).toContainText('Creamy Ice Latte');
    const coffeeCalls = () => listCalls.filter((s) => s.includes('cat=coffee')).length;
    // Its list comes from one request of its own (Creamy Ice Latte is on promo too, so its name alone proves little).
    await expect.poll(coffeeCalls).toBe(1);
    expect(listCalls.some((s) => s.includes('cat=foods'))).toBe(false);

    await page.getByRole('tab', { name: 'Foods' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Foods' }).getByRole('link').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Coffee', exact: true }).click();
    await expect(page.getByRole('tabpanel', { name: 'Coffee', exact: true })).toContainText('Creamy Ice Latte');
    expect(coffeeCalls(), 'the coffee list is not requested again').toBe(1);
    expect(listCalls.filter((s) => s.includes('cat=foods')).length).toBe(1);

    // The Add-On shelf sells things to take home, not the milk and syrups that are drink options now.
    await page.getByRole('tab', { name: 'Add-On' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Add-On' }).getByRole('link', { name: /Reusable Tumbler/ })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Add-On' })).not.toContainText('Oat Milk');
  });

  test('searching from the navigation shows the matching products, even with a typo', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: /search/i }).first();
    await search.fill('hazelnut lattee');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=hazelnut(\+|%20)lattee/);
    await expect(page.getByRole('link', { name: /Hazelnut Latte/ }).first()).toBeVisible();
  });

  test('a product page shows its details, sizes, delivery methods and a stepper that stops at 0', async ({ page, checkA11y }) => {
    let productCalls = 0;
    page.on('request', (req) => {
      if (/\/api\/v1\/products\/\d+$/.test(new URL(req.url()).pathname)) productCalls += 1;
    });
    await page.goto('/products');
    await page.getByRole('tab', { name: 'Coffee', exact: true }).click();
    // The card's name is where a customer taps (its link is stretched over the whole card).
    await page.getByRole('tabpanel', { name: 'Coffee', exact: true }).getByRole('heading', { name: 'Hazelnut Latte' }).click();
    await expect(page.getByRole('heading', { name: 'Hazelnut Latte', level: 1 })).toBeVisible();
    await expect(page.getByText('IDR 34.000').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Favorite & Promo' })).toBeVisible();
    await expect(page.getByText('Delivery only on Monday to friday at 1 - 7 pm')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Dine in' })).toBeChecked();
    await page.locator('label', { hasText: 'Door Delivery' }).click();
    await expect(page.getByRole('radio', { name: 'Door Delivery' })).toBeChecked();
    await expect(page.getByLabel(/Set time/)).toBeVisible();
    await expect(page.getByRole('button', { name: /CHECK OUT/i }).or(page.getByRole('link', { name: /CHECK OUT/i }))).toBeVisible();

    const decrease = page.getByRole('button', { name: /decrease/i }).first();
    await expect(decrease).toBeDisabled();
    await page.getByRole('button', { name: /increase/i }).first().click();
    await expect(decrease).toBeEnabled();
    await decrease.click();
    await expect(decrease).toBeDisabled();
    await checkA11y();
    await page.waitForTimeout(500);
    expect(productCalls, 'the product is fetched once per visit').toBeLessThanOrEqual(1);
  });

  test('an unknown path shows 404 Page Not Found with a way home', async ({ page, checkA11y }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText(/Page Not Found/)).toBeVisible();
    await checkA11y();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('unknown API paths answer a JSON 404', async ({ request }) => {
    const res = await request.get('/api/v1/nothing-here');
    expect(res.status()).toBe(404);
    expect(await res.json()).toHaveProperty('message');
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/', '/products', '/no-such-page']) {
    test(`nothing scrolls sideways on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page);
    });
  }

  test('nothing scrolls sideways on a product page', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('tabpanel').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
