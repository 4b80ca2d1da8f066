import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { settle, stubFetch } from '../../testing/fetch-stub';
import { createProduct, jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';
import { createShopSettings } from '@coffee/contract/testing';
import { offeredTimes } from '../../testing/time-field';
import { ProductDetailRoute } from './product-detail';

const latte = createProduct({ id: 7, name: 'Hazelnut Latte', price: 34 });
const wings = createProduct({ id: 9, name: 'Chicken Wings', category: 'foods', sizes: [], price: 30 });

function stubProductApi(shop = createShopSettings()) {
  return stubFetch((url) => {
    if (url.pathname === '/api/v1/shop') return jsonResponse({ data: shop });
    const product = [latte, wings].find((p) => url.pathname === `/api/v1/products/${p.id}`);
    return product ? jsonResponse({ data: product }) : jsonResponse({ message: 'Product not found' }, 404);
  });
}

/** Re-renders the route on demand, the way a parent re-render would. */
function Harness() {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Re-render {renders}
      </button>
      <ProductDetailRoute />
    </>
  );
}

const setup = (path: string) =>
  renderRoutes(
    [
      { path: '/products/:id', element: <Harness /> },
      { path: '/payment', element: <p>Payment page</p> },
    ],
    path,
  );

const detailCalls = (calls: URL[]) => calls.filter((url) => url.pathname.startsWith('/api/v1/products/'));

describe('Product detail', () => {
  it('requests the product once, however often the page re-renders', async () => {
    const user = userEvent.setup();
    const { calls } = stubProductApi();
    setup('/products/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' })).toBeTruthy();
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: /^Re-render/ }));
    await user.click(screen.getByRole('button', { name: 'Increase Hazelnut Latte' }));
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('radio', { name: 'Door Delivery' }));
    await settle();

    expect(detailCalls(calls)).toHaveLength(1);
    expect(detailCalls(calls)[0]?.pathname).toBe('/api/v1/products/7');
  });

  it('shows the product texts, the size price, one size chooser and one quantity from 1 to the shop\'s limit', async () => {
    const user = userEvent.setup();
    stubProductApi(createShopSettings({ maxLineQuantity: 3 }));
    setup('/products/7');
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });

    expect(screen.getByRole('link', { name: 'Favorite & Promo' }).getAttribute('href')).toBe('/products');
    expect(screen.getByText('Delivery only on Monday to friday at 1 - 7 pm')).toBeTruthy();
    expect(screen.getByText('IDR 34.000')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Dine in' }).checked).toBe(true);
    const time = screen.getByLabelText('Set time :');
    expect(time.getAttribute('placeholder')).toBe("Enter the time you'll arrived");
    expect(await screen.findByText("Enter the time you'll arrive, between 09:00 and 18:00. Leave it empty for as soon as possible.")).toBeTruthy();
    // A text field on the 24-hour clock, offering the hours' quarter hours (no native picker in the browser's locale).
    expect(time.getAttribute('type')).toBe('text');
    expect(offeredTimes(time)).toEqual(expect.arrayContaining(['09:00', '12:45', '18:00']));
    expect([offeredTimes(time)[0], offeredTimes(time).at(-1)]).toEqual(['09:00', '18:00']);

    await user.click(screen.getByRole('radio', { name: 'Large' }));
    expect(screen.getByText('IDR 39.000')).toBeTruthy();

    // One stepper, whatever the sizes; the summary shows only what was chosen.
    expect(screen.getAllByRole('group', { name: /quantity$/ })).toHaveLength(1);
    expect(screen.getByText('1 × Large')).toBeTruthy();
    expect(screen.queryByText(/x0/)).toBeNull();
    const decrease = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease Hazelnut Latte' });
    const increase = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase Hazelnut Latte' });
    expect(decrease.disabled).toBe(true);
    for (let i = 0; i < 4; i++) await user.click(increase);
    // The shop takes at most 3 of one item (GET /shop maxLineQuantity): the stepper stops there and says why.
    expect(screen.getByText('3 × Large')).toBeTruthy();
    expect(increase.disabled).toBe(true);
    expect(screen.getByText('3 is the most we take of one item per order.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Regular' }));
    expect(screen.getByText('3 × Regular')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'CHECK OUT' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
  });

  it("bounds the time field by the shop's hours for the chosen method, keeping the Door Delivery note", async () => {
    const user = userEvent.setup();
    const shop = createShopSettings();
    stubProductApi(
      createShopSettings({
        deliveryWindows: { ...shop.deliveryWindows, pickUp: { days: [1, 2, 3, 4, 5, 6], from: '07:30', to: '21:00' } },
      }),
    );
    setup('/products/7');
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });
    const time = screen.getByLabelText('Set time :');

    await user.click(screen.getByRole('radio', { name: 'Pick up' }));
    expect(await screen.findByText("Enter the time you'll arrive, between 07:30 and 21:00. Leave it empty for as soon as possible.")).toBeTruthy();
    expect([offeredTimes(time)[0], offeredTimes(time).at(-1)]).toEqual(['07:30', '21:00']);

    await user.click(screen.getByRole('radio', { name: 'Door Delivery' }));
    expect(screen.getByText('Delivery only on Monday to friday at 1 - 7 pm. Leave it empty for as soon as possible.')).toBeTruthy();
    expect([offeredTimes(time)[0], offeredTimes(time).at(-1)]).toEqual(['13:00', '19:00']);
  });

  it("asks for the product's picture first and at once: it is the largest thing on a phone's first screen", async () => {
    stubProductApi();
    setup('/products/7');
    await screen.findByRole('heading', { level: 1, name: 'Hazelnut Latte' });

    const [picture] = screen.getAllByRole('img', { name: 'Hazelnut Latte' });
    expect(picture?.getAttribute('fetchpriority')).toBe('high');
    expect(picture?.getAttribute('loading')).toBe('eager');
  });

  it('shows no size chooser for a product sold in one size', async () => {
    stubProductApi();
    setup('/products/9');
    await screen.findByRole('heading', { level: 1, name: 'Chicken Wings' });
    expect(screen.queryByRole('group', { name: 'Choose a Size' })).toBeNull();
    expect(screen.getByText('1 × Chicken Wings')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Increase Chicken Wings' })).toBeTruthy();
  });

  it('shows a friendly not-found state for an unknown id', async () => {
    const { calls } = stubProductApi();
    setup('/products/404');
    expect(await screen.findByRole('heading', { name: "We couldn't find that product" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to products' }).getAttribute('href')).toBe('/products');
    await settle();
    // A 404 is final: no retries.
    expect(detailCalls(calls)).toHaveLength(1);
  });

  it('does not ask the server about a malformed id', async () => {
    const { calls } = stubProductApi();
    setup('/products/abc');
    expect(await screen.findByRole('heading', { name: "We couldn't find that product" })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
