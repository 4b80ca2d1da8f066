import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderPayment } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder, withKitchenLines } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import type { GatewaySettings } from './gateway-payment';
import { kitchenStep } from './kitchen-display';
import { OrderPage } from './order-page';

const GATEWAY: GatewaySettings = { gateway: 'midtrans', methods: ['qris', 'gopay', 'shopeepay', 'card', 'bank-account', 'cash-on-delivery'], clientKey: 'client', apiUrl: 'http://gateway.test' };

const payment = (overrides: Partial<OrderPayment> = {}): OrderPayment => ({
  gateway: 'midtrans',
  reference: '12-1-abcdef',
  transactionId: 'tx-1',
  gatewayStatus: 'pending',
  qrString: '00020101021226620014COM.GO-JEK.WWW0118936009140000000001',
  deepLink: 'gojek://pay/12',
  bank: null,
  vaNumber: null,
  redirectUrl: null,
  expiresAt: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString(),
  message: null,
  refundFailure: null,
  ...overrides,
});

function setup(order: Order, onPay?: (body: unknown) => Order) {
  writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
  let current = order;
  const stub = stubFetch((url, request) => {
    if (request.method === 'POST' && url.pathname === '/api/v1/orders/12/payment' && onPay) {
      current = onPay(request.body);
      return jsonResponse({ data: current });
    }
    if (url.pathname === '/api/v1/orders/12') return jsonResponse({ data: current });
    return jsonResponse({ message: 'not here' }, 404);
  });
  renderRoutes([{ path: '/history/:id', element: <OrderPage id={12} gateway={GATEWAY} /> }], '/history/12');
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe('Paying an order through the gateway', () => {
  it('shows the QRIS code drawn as SVG and the time left to pay', async () => {
    setup(createOrder({ id: 12, paymentMethod: 'qris', paymentInstructions: null, payment: payment() }));
    const page = await screen.findByRole('article', { name: 'Order #12' });
    const qr = within(page).getByRole('img', { name: 'QRIS code to scan' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(page).getByText(/Pay within/).textContent).toMatch(/Pay within 14:(2\d|30)/);
    // A desktop browser: no e-wallet app to open.
    expect(within(page).queryByRole('link', { name: 'Open your e-wallet app' })).toBeNull();
  });

  it('an open GoPay payment on a phone: "Open GoPay" at the deep link, the time left, and the other ways a phone can pay', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', addEventListener: () => undefined, removeEventListener: () => undefined }));
    const gopay = payment({ qrString: null, deepLink: 'http://gateway.test/wallet/12-1-abcdef' });
    setup(createOrder({ id: 12, paymentMethod: 'gopay', paymentInstructions: null, payment: gopay }));
    const page = await screen.findByRole('article', { name: 'Order #12' });
    expect(within(page).getByRole('link', { name: 'Open GoPay' }).getAttribute('href')).toBe('http://gateway.test/wallet/12-1-abcdef');
    expect(within(page).getByText(/Pay within/).textContent).toMatch(/Pay within 14:/);
    expect(within(page).queryByRole('img', { name: 'QRIS code to scan' })).toBeNull();
    expect(within(page).getByRole('button', { name: 'Pay by QRIS instead' })).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Pay by ShopeePay instead' })).toBeTruthy();
  });

  it('shows the virtual account number and its bank, copies the number, and offers another way while it is open', async () => {
    const open = createOrder({ id: 12, paymentMethod: 'bank-account', paymentInstructions: null, payment: payment({ qrString: null, deepLink: null, bank: 'bni', vaNumber: '988112345678' }) });
    setup(open);
    const user = userEvent.setup();
    const page = await screen.findByRole('article', { name: 'Order #12' });
    expect(within(page).getByText(/BNI virtual account/)).toBeTruthy();
    expect(within(page).getByLabelText('Virtual account number').textContent).toBe('988112345678');
    expect(within(page).getByText(/At an ATM/)).toBeTruthy();
    await user.click(within(page).getByRole('button', { name: 'Copy number' }));
    expect(await navigator.clipboard.readText()).toBe('988112345678');
    expect(await within(page).findByRole('button', { name: 'Copied' })).toBeTruthy();
    // Open: no "Try again" (it is still payable), but the other ways are there.
    expect(within(page).queryByRole('button', { name: /again/ })).toBeNull();
    expect(within(page).getByRole('button', { name: 'Pay by QRIS instead' })).toBeTruthy();
  });

  it('offers "Try another card" and the other ways after a declined card, the order still open', async () => {
    setup(
      createOrder({
        id: 12,
        paymentMethod: 'card',
        paymentInstructions: null,
        payment: payment({ gatewayStatus: 'deny', qrString: null, deepLink: null, message: 'The card payment was declined. Nothing was charged: try another card or pay another way.' }),
      }),
    );
    const page = await screen.findByRole('article', { name: 'Order #12' });
    expect(within(page).getByText(/declined/)).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Try another card' })).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Pay by QRIS instead' })).toBeTruthy();
  });

  it('says when the payment service is not answering and offers a new try or another way', async () => {
    const unavailable = createOrder({
      id: 12,
      paymentMethod: 'qris',
      paymentInstructions: null,
      payment: payment({ gatewayStatus: 'unavailable', qrString: null, message: 'The payment service is not answering right now.' }),
    });
    const { requests } = setup(unavailable, () => createOrder({ id: 12, paymentMethod: 'cash-on-delivery', paymentStatus: 'cash-on-delivery', payment: null }));
    const page = await screen.findByRole('article', { name: 'Order #12' });
    expect(within(page).getByText('The payment service is not answering right now.')).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Try QRIS again' })).toBeTruthy();
    await userEvent.click(within(page).getByRole('button', { name: 'Pay by Cash on Delivery instead' }));
    expect(await within(page).findByText('Cash, to pay at hand-over')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/orders/12/payment')?.body).toEqual({ method: 'cash-on-delivery' });
  });

  it('tells the customer in plain words why an expired order was cancelled', async () => {
    setup(createOrder({ id: 12, status: 'cancelled', paymentMethod: 'qris', payment: payment({ gatewayStatus: 'expire', message: 'The time to pay ran out before the QRIS payment was paid, so we cancelled the order and gave its time slot back. Nothing was charged.' }) }));
    const page = await screen.findByRole('article', { name: 'Order #12' });
    expect(within(page).getByText(/The time to pay ran out/)).toBeTruthy();
    expect(within(page).queryByRole('img', { name: 'QRIS code to scan' })).toBeNull();
  });
});

describe('The kitchen display with a payment gateway', () => {
  it('offers no "Mark paid" while the customer pays at the gateway, and "Start preparing" once paid', () => {
    const staffOrder = (order: Order, nextStatuses: Order['status'][]) => ({
      ...withKitchenLines(order),
      customer: { id: 1, email: 'rina@example.com', name: 'Rina', phone: null },
      nextStatuses,
      // As the API says: only an order paid online (here, one with a gateway payment) confirms itself.
      paymentDueAt: order.payment ? '2026-11-23T07:00:00.000Z' : null,
      canMarkPaid: order.paymentStatus !== 'paid' && order.payment === null,
    });
    expect(kitchenStep(staffOrder(createOrder({ paymentMethod: 'qris', payment: payment() }), ['cancelled']))).toBeNull();
    expect(kitchenStep(staffOrder(createOrder({ paymentMethod: 'bank-account', payment: null }), ['cancelled']))).toEqual({ action: 'mark-paid', label: 'Mark paid' });
    const paid = createOrder({ status: 'paid', paymentStatus: 'paid', paymentMethod: 'qris', payment: payment({ gatewayStatus: 'settlement' }) });
    expect(kitchenStep(staffOrder(paid, ['preparing', 'cancelled']))).toEqual({ action: 'preparing', label: 'Start preparing' });
  });
});
