import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  payments: { gateway: 'midtrans' as const, methods: ['qris' as const, 'card' as const, 'bank-account' as const, 'cash-on-delivery' as const], clientKey: 'client', apiUrl: 'http://gateway.test' },
};

describe('Checkout with a payment gateway', () => {
  it('offers QRIS first and chosen, a bank for the virtual account, and goes to the order page to pay', async () => {
    writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
    const { requests } = stubFetch((url, request) => {
      if (url.pathname === '/api/v1/orders' && request.method === 'POST') {
        return jsonResponse({ data: createOrder({ id: 31, paymentMethod: 'bank-account', paymentInstructions: null }) }, 201);
      }
      if (url.pathname === '/api/v1/cart/delivery') return jsonResponse({ data: { ...cart, ...(request.body as object) } });
      if (url.pathname === '/api/v1/cart') return jsonResponse({ data: cart });
      if (url.pathname === '/api/v1/orders/31') return jsonResponse({ data: createOrder({ id: 31 }) });
      return jsonResponse({ message: 'not found' }, 404);
    });
    renderRoutes(
      [
        { path: '/payment', element: <Checkout profile={profile} profileLoading={false} shop={shop} /> },
        { path: '/history/:id', element: <p>Order page</p> },
      ],
      '/payment',
    );
    const group = await screen.findByRole('group', { name: 'Payment method' });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['QRIS', 'Card', 'Bank Account', 'Cash on Delivery']);
    expect(radios[0]?.checked).toBe(true);
    expect(screen.queryByLabelText('Virtual account at')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(group).getByRole('radio', { name: 'Bank Account' }));
    await user.selectOptions(screen.getByLabelText('Virtual account at'), 'BNI');
    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByText('Order page')).toBeTruthy();
    const placed = requests.find((r) => r.url.pathname === '/api/v1/orders' && r.method === 'POST');
    expect(placed?.body).toMatchObject({ paymentMethod: 'bank-account', bank: 'bni' });
  });
});
