import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order, RefundAccountView } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { OrderPage } from './order-page';

const placed = { kind: 'placed' as const, at: '2025-01-06T03:00:00.000Z', atShopTime: '2025-01-06T10:00', by: 'customer' as const };
const cancelledBankOrder = (overrides: Partial<Order> = {}) =>
  createOrder({ id: 12, paymentMethod: 'bank-account', status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refund-due', cancellable: false, history: [placed], ...overrides });

function setup(order: Order, view: RefundAccountView) {
  writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
  const sent: unknown[] = [];
  let current = view;
  stubFetch((url, request) => {
    if (url.pathname === '/api/v1/orders/12') return jsonResponse({ data: order });
    if (url.pathname === '/api/v1/orders/12/refund-account' && request.method === 'PUT') {
      const body = request.body as { accountNumber: string };
      sent.push(body);
      if (body.accountNumber === '12') return jsonResponse({ message: 'The account number must be 6 to 20 digits.', field: 'accountNumber' }, 400);
      current = { needed: true, account: { holderName: 'Sari Wulandari', bank: 'BCA', accountNumberEnd: '6789' } };
      return jsonResponse({ data: current });
    }
    if (url.pathname === '/api/v1/orders/12/refund-account') return jsonResponse({ data: current });
    return jsonResponse({ message: 'Not here' }, 404);
  });
  renderRoutes([{ path: '/history/:id', element: <OrderPage id={12} /> }], '/history/12');
  return { sent };
}

describe('Refund by bank transfer', () => {
  it('asks the customer owed a bank-transfer refund for the account, says why a number is refused, and shows the one given', async () => {
    const user = userEvent.setup();
    const { sent } = setup(cancelledBankOrder(), { needed: true, account: null });
    const form = await screen.findByRole('form', { name: 'Where to send your refund' });
    await user.type(within(form).getByLabelText('Name on the account'), 'Sari Wulandari');
    await user.type(within(form).getByLabelText('Bank'), 'BCA');
    await user.type(within(form).getByLabelText('Account number'), '12');
    await user.click(within(form).getByRole('button', { name: 'Send me the refund here' }));
    expect(await within(form).findByText('The account number must be 6 to 20 digits.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Account number'));
    await user.type(within(form).getByLabelText('Account number'), '0123 4567 89');
    await user.click(within(form).getByRole('button', { name: 'Send me the refund here' }));
    expect(await screen.findByText('The shop transfers it to Sari Wulandari, BCA, account ending 6789.')).toBeTruthy();
    expect(sent.at(-1)).toEqual({ holderName: 'Sari Wulandari', bank: 'BCA', accountNumber: '0123 4567 89' });
  });

  it('asks nothing once refunded, and says when it was', async () => {
    setup(
      cancelledBankOrder({ refundStatus: 'refunded', history: [placed, { kind: 'refunded', at: '2025-01-06T04:30:00.000Z', atShopTime: '2025-01-06T11:30', by: 'staff' }] }),
      { needed: false, account: null },
    );
    expect((await screen.findByText(/^Refunded: /)).textContent).toMatch(/^Refunded: IDR [\d.]+ on Mon 6 Jan, 11:30$/);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Where to send your refund' })).toBeNull());
  });
});
