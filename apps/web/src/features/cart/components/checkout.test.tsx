import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import type { StubbedRequest } from '../../../testing/fetch-stub';
import { createCart, createCartLine, createOrder, createSummary } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { createShopSettings } from '@coffee/contract/testing';
import { offeredTimes } from '../../../testing/time-field';
import { Checkout } from './checkout';

const profile = { displayName: 'Rina', email: 'rina@example.com', phone: '+62 812 0000 1111', deliveryAddress: 'Jl. Kopi 1, Jakarta' };

const cart: Cart = createCart({
  lines: [
    createCartLine({ id: 1, name: 'Hazelnut Latte', sizeCode: 'L', sizeLabel: 'Large', quantity: 2, unitPriceIdr: 39_000 }),
    createCartLine({ id: 2, name: 'Creamy Ice Latte', quantity: 1, unitPriceIdr: 27_000 }),
  ],
  summary: createSummary({ subtotalIdr: 105_000, taxAndFeesIdr: 10_500, shippingIdr: 0, totalIdr: 115_500 }),
});

const shop = createShopSettings();

function setup(placeOrder: (request: StubbedRequest, attempt: number) => Response | Promise<Response>) {
  writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
  let attempts = 0;
  const stub = stubFetch((url, request) => {
    if (url.pathname === '/api/v1/orders' && request.method === 'POST') return placeOrder(request, ++attempts);
    if (url.pathname === '/api/v1/cart/delivery') return jsonResponse({ data: { ...cart, ...(request.body as object) } });
    if (url.pathname === '/api/v1/cart') return jsonResponse({ data: cart });
    return jsonResponse({ message: 'not found' }, 404);
  });
  renderRoutes([{ path: '/payment', element: <Checkout profile={profile} profileLoading={false} shop={shop} /> }], '/payment');
  return stub;
}

const orderPosts = (requests: StubbedRequest[]) => requests.filter((r) => r.url.pathname === '/api/v1/orders');

describe('Checkout', () => {
  it("shows the cart's lines and the server's figures, with Bank Account preselected", async () => {
    setup(() => jsonResponse({ data: createOrder() }, 201));
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Hazelnut Latte')).toBeTruthy();
    expect(within(summary).getByText('x2 Large')).toBeTruthy();
    expect(within(summary).getByText('IDR 78.000')).toBeTruthy();
    const figure = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(figure('SUBTOTAL')).toBe('IDR 105.000');
    expect(figure('TAX & FEES')).toBe('IDR 10.500');
    expect(figure('SHIPPING')).toBe('IDR 0');
    expect(figure('TOTAL')).toBe('IDR 115.500');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Bank Account' }).checked).toBe(true);
    // Dine in happens at the shop: no "Delivery to", no address.
    expect(screen.getByText('Dine in at the shop')).toBeTruthy();
    expect(screen.queryByText('Jl. Kopi 1, Jakarta')).toBeNull();
    const details = screen.getByRole('heading', { name: 'Address Detail' }).closest('section') ?? document.body;
    expect(within(details).queryByText(/Delivery/)).toBeNull();
  });

  it.each([
    ['Pick up', 'Pick up at the shop'],
    ['Door Delivery', 'Rina'],
  ])('names how the order is received for %s', async (method, words) => {
    const user = userEvent.setup();
    setup(() => jsonResponse({ data: createOrder() }, 201));
    await screen.findByRole('region', { name: 'Order Summary' });
    await user.click(screen.getByRole('radio', { name: method }));
    const details = screen.getByRole('heading', { name: 'Address Detail' }).closest('section');
    expect(within(details as HTMLElement).getByText(words, { exact: false }).textContent).toContain(words);
    expect(within(details as HTMLElement).queryByText('Jl. Kopi 1, Jakarta') !== null).toBe(method === 'Door Delivery');
    if (method === 'Door Delivery') expect(details?.textContent).toContain('Delivery to Rina');
    else expect(details?.textContent).not.toContain('Delivery to');
  });

  it('sends the same Idempotency-Key again when the customer retries, and places one order for a double click', async () => {
    const user = userEvent.setup();
    const order = createOrder({ id: 41 });
    const { requests } = setup((_, attempt) =>
      attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ data: order }, 201),
    );
    await screen.findByRole('region', { name: 'Order Summary' });

    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach the shop/);

    await user.dblClick(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed!' })).toBeTruthy();
    expect(screen.getByText('#41')).toBeTruthy();
    expect(screen.getByText(order.paymentInstructions ?? '')).toBeTruthy();

    const posts = orderPosts(requests);
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((r) => r.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toBe(first);
    expect(posts[0]?.body).toEqual({ paymentMethod: 'bank-account', deliveryMethod: 'dine-in', scheduledFor: null, expectedTotalIdr: 115_500 });
  });

  it('shows the new figures when a price changed since the cart was shown, and places the order only once confirmed again', async () => {
    const user = userEvent.setup();
    writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
    const shown = createCart({
      lines: [createCartLine({ id: 1, name: 'Kopi Susu', quantity: 1, unitPriceIdr: 25_000 })],
      summary: createSummary({ subtotalIdr: 25_000, taxAndFeesIdr: 2_500, shippingIdr: 0 }),
    });
    const raised = createCart({
      lines: [createCartLine({ id: 1, name: 'Kopi Susu', quantity: 1, unitPriceIdr: 30_000 })],
      summary: createSummary({ subtotalIdr: 30_000, taxAndFeesIdr: 3_000, shippingIdr: 0 }),
    });
    const message = 'Prices changed since you opened your cart: the total is now IDR 33.000, not IDR 27.500. Check the new figures and confirm again';
    let pricesRaised = false;
    const { requests } = stubFetch((url, request) => {
      if (url.pathname === '/api/v1/orders' && request.method === 'POST') {
        const { expectedTotalIdr } = request.body as { expectedTotalIdr: number };
        if (expectedTotalIdr === 33_000) return jsonResponse({ data: createOrder({ id: 77 }) }, 201);
        pricesRaised = true;
        return jsonResponse({ message, field: 'expectedTotalIdr', summary: raised.summary }, 409);
      }
      if (url.pathname === '/api/v1/cart') return jsonResponse({ data: pricesRaised ? raised : shown });
      return jsonResponse({ message: 'not found' }, 404);
    });
    renderRoutes([{ path: '/payment', element: <Checkout profile={profile} profileLoading={false} shop={shop} /> }], '/payment');
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    const total = () => within(summary).getByText('TOTAL').nextElementSibling?.textContent;
    expect(total()).toBe('IDR 27.500');

    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    // The refusal comes with the new figures already on screen, and no order yet.
    expect(total()).toBe('IDR 33.000');
    expect(within(summary).getAllByText('IDR 30.000').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Thank you, your order is placed!' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed!' })).toBeTruthy();
    const totalsSent = orderPosts(requests).map((r) => (r.body as { expectedTotalIdr: number }).expectedTotalIdr);
    expect(totalsSent).toEqual([27_500, 33_000]);
  });

  it("shows the shop's refusal of the time next to the field and keeps what was entered", async () => {
    const user = userEvent.setup();
    const message = 'We deliver Monday to Friday between 13:00 and 19:00 (Jakarta time). Please choose another time.';
    const { requests } = setup(() => jsonResponse({ message, field: 'scheduledFor' }, 400));
    await screen.findByRole('region', { name: 'Order Summary' });

    await user.click(screen.getByRole('radio', { name: 'Door Delivery' }));
    expect(screen.getByText('Delivery only on Monday to friday at 1 - 7 pm. Leave it empty for as soon as possible.')).toBeTruthy();
    const time = screen.getByLabelText<HTMLInputElement>('Set time :');
    // Outside the delivery hours the checkout has proposed a time already: the customer types their own.
    await user.clear(time);
    await user.type(time, '14:00');
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));

    const refusal = await screen.findByText(message);
    expect(time.getAttribute('aria-describedby')?.split(' ')).toContain(refusal.id);
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(time.value).toBe('14:00');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Cash on Delivery' }).checked).toBe(true);
    const body = orderPosts(requests)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery', address: 'Jl. Kopi 1, Jakarta' });
    expect(body.scheduledFor).toMatch(/^\d{4}-\d{2}-\d{2}T14:00$/);
  });

  it('sends an address edited for this order', async () => {
    const user = userEvent.setup();
    const { requests } = setup(() => jsonResponse({ data: createOrder({ deliveryMethod: 'door-delivery', address: 'Office' }) }, 201));
    await screen.findByRole('region', { name: 'Order Summary' });
    await user.click(screen.getByRole('radio', { name: 'Door Delivery' }));
    await user.click(screen.getByRole('button', { name: 'Edit delivery address' }));
    const field = screen.getByLabelText('Delivery address for this order');
    await user.clear(field);
    await user.type(field, 'Office tower, floor 12');
    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    await screen.findByRole('heading', { name: 'Thank you, your order is placed!' });
    expect(orderPosts(requests)[0]?.body).toMatchObject({ address: 'Office tower, floor 12' });
  });

  it('greets nobody with an error: a choice the shop cannot serve becomes the next time that works', async () => {
    const closed = { ...cart, deliveryProblem: 'Dine in is open every day between 09:00 and 18:00 (Jakarta time). It is now Friday 10 January at 22:00: please choose a time within those hours.' };
    const requests = stubFetch((url, request) => {
      if (url.pathname === '/api/v1/cart/delivery') return jsonResponse({ data: { ...cart, ...(request.body as object) } });
      if (url.pathname === '/api/v1/cart') return jsonResponse({ data: closed });
      return jsonResponse({ message: 'not found' }, 404);
    }).requests;
    writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
    renderRoutes([{ path: '/payment', element: <Checkout profile={profile} profileLoading={false} shop={shop} /> }], '/payment');

    expect(await screen.findByText(/we picked that time for you/)).toBeTruthy();
    expect(screen.queryByText(closed.deliveryProblem)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const saved = requests.find((r) => r.url.pathname === '/api/v1/cart/delivery')?.body as { scheduledFor: string };
    expect(saved.scheduledFor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(screen.getByLabelText<HTMLInputElement>('Set time :').value).toBe(saved.scheduledFor.slice(11));
  });

  it('offers the menu when the cart is empty', async () => {
    writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
    stubFetch(() => jsonResponse({ data: createCart() }));
    renderRoutes([{ path: '/payment', element: <Checkout profile={profile} profileLoading={false} shop={shop} /> }], '/payment');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the menu' }).getAttribute('href')).toBe('/products');
  });

  describe("with the shop's settings", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("offers the days from today to maxDaysAhead on the shop's calendar, and the shop's hours", async () => {
      // 20:00 UTC on Monday 2025-01-06 is already 10:00 on Tuesday at the shop (UTC+14).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(Date.UTC(2025, 0, 6, 20, 0)));
      const far = createShopSettings({
        timeZone: 'Pacific/Kiritimati',
        maxDaysAhead: 3,
        deliveryWindows: { ...shop.deliveryWindows, dineIn: { days: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '20:30' } },
      });
      writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
      stubFetch(() => jsonResponse({ data: cart }));
      renderRoutes([{ path: '/payment', element: <Checkout profile={profile} profileLoading={false} shop={far} /> }], '/payment');

      // A list of days named day first (a native date field drew 01/07/2025 in en-US), today to maxDaysAhead.
      const day = await screen.findByLabelText<HTMLSelectElement>('Day :');
      expect(day.value).toBe('2025-01-07');
      expect([...day.options].map((option) => [option.value, option.text])).toEqual([
        ['2025-01-07', 'Today, Tue 7 Jan'],
        ['2025-01-08', 'Tomorrow, Wed 8 Jan'],
        ['2025-01-09', 'Thu 9 Jan'],
        ['2025-01-10', 'Fri 10 Jan'],
      ]);
      expect(screen.getByText('Without a time, the order is for as soon as possible. A time can be set up to 3 days ahead.')).toBeTruthy();
      const time = screen.getByLabelText('Set time :');
      expect([offeredTimes(time)[0], offeredTimes(time).at(-1)]).toEqual(['08:00', '20:30']);
      expect(screen.getByText("Enter the time you'll arrive, between 08:00 and 20:30. Leave it empty for as soon as possible.")).toBeTruthy();
    });
  });
});
