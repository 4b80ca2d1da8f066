import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createCart, createCartLine, createOrder } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { createShopSettings } from '@coffee/contract/testing';
import { Checkout } from './checkout';

const profile = { displayName: 'Rina', email: 'rina@example.com', phone: '+62 812 0000 1111', deliveryAddress: 'Jl. Kopi 1, Jakarta' };
const cart = createCart({ lines: [createCartLine({ id: 1, name: 'Hazelnut Latte', quantity: 1, unitPriceIdr: 39_000 })] });
const shop = {
  ...createShopSettings(),
  payments: {
    gateway: 'midtrans' as const,
    methods: ['qris' as const, 'gopay' as const, 'shopeepay' as const, 'card' as const, 'bank-account' as const, 'cash-on-delivery' as const],
    clientKey: 'client',
    apiUrl: 'http://gateway.test',
  },
};

/** The device as the browser's media query reports it: a touch-first phone, or a computer with a mouse. */
function onDevice(kind: 'phone' | 'computer') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'phone' && query === '(pointer: coarse)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
afterEach(() => vi.unstubAllGlobals());

function renderCheckout() {
  writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
  const { requests } = stubFetch((url, request) => {
    if (url.pathname === '/api/v1/orders' && request.method === 'POST') {
      return jsonResponse({ data: createOrder({ id: 32, paymentMethod: 'gopay', paymentInstructions: null }) }, 201);
    }
    if (url.pathname === '/api/v1/cart/delivery') return jsonResponse({ data: { ...cart, ...(request.body as object) } });
    if (url.pathname === '/api/v1/cart') return jsonResponse({ data: cart });
    return jsonResponse({ message: 'not found' }, 404);
  });
  renderRoutes(
    [
      { path: '/payment', element: <Checkout profile={profile} profileLoading={false} shop={shop} /> },
      { path: '/history/:id', element: <p>Order page</p> },
    ],
    '/payment',
  );
  return requests;
}

const labels = async () => {
  const group = await screen.findByRole('group', { name: 'Payment method' });
  return within(group).getAllByRole<HTMLInputElement>('radio').map((r) => r.labels?.[0]?.textContent);
};

describe('Checkout: GoPay and ShopeePay open the wallet app on the same phone', () => {
  it('on a phone offers GoPay and ShopeePay after QRIS, and places a GoPay order that goes to its order page', async () => {
    onDevice('phone');
    const requests = renderCheckout();
    expect(await labels()).toEqual(['QRIS', 'GoPay', 'ShopeePay', 'Card', 'Bank Account', 'Cash on Delivery']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'GoPay' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByText('Order page')).toBeTruthy();
    const placed = requests.find((r) => r.url.pathname === '/api/v1/orders' && r.method === 'POST');
    expect(placed?.body).toMatchObject({ paymentMethod: 'gopay' });
  });

  it('on a computer leaves them out: QRIS is scanned with the phone instead', async () => {
    onDevice('computer');
    renderCheckout();
    expect(await labels()).toEqual(['QRIS', 'Card', 'Bank Account', 'Cash on Delivery']);
  });
});
