import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffOrder, StaffRole } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder, withKitchenLines } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { ORDER_FALLBACK_POLL_MS } from '../api/order-events';
import { StaffOrders } from './staff-orders';

const staffOrder = (overrides: Partial<StaffOrder> = {}): StaffOrder => {
  const order: StaffOrder = {
    ...withKitchenLines(createOrder()),
    customer: { id: 2, email: 'rina@example.com', name: 'Rina Wulandari', phone: '+62 812 3456 789' },
    nextStatuses: ['cancelled'],
    paymentDueAt: null,
    canMarkPaid: true,
    ...overrides,
  };
  // As the API says: staff mark paid what is not paid yet and not cancelled (no online payment here).
  return { ...order, canMarkPaid: overrides.canMarkPaid ?? (order.paymentStatus !== 'paid' && order.status !== 'cancelled') };
};

function setup(orders: StaffOrder[], onWrite?: (path: string, body: unknown) => Response, staffRole: StaffRole = 'manager') {
  writeLoginRecord({ id: 9, email: 'staff@example.com', role: 'staff', staffRole, displayName: 'Staff', photoUrl: null });
  const stub = stubFetch((url, request) => {
    if (request.method !== 'GET' && onWrite) return onWrite(url.pathname, request.body);
    const status = url.searchParams.get('status');
    const data = orders.filter((o) => !status || o.status === status);
    return jsonResponse({ data, meta: { page: 1, limit: 20, total: data.length } });
  });
  renderRoutes([{ path: '/staff/orders', element: <StaffOrders /> }], '/staff/orders');
  return stub;
}

describe('Staff orders', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists each order with its lines, time, delivery, address, payment and total, and only the allowed moves', async () => {
    setup([
      staffOrder({
        id: 12,
        deliveryMethod: 'door-delivery',
        address: 'Jl. Kopi 1',
        scheduledFor: '2025-01-06T14:00',
        paymentMethod: 'bank-account',
        paymentStatus: 'awaiting-payment',
        nextStatuses: ['cancelled'],
      }),
    ]);
    const order = await screen.findByRole('listitem', { name: 'Order #12' });
    // Who to call at the counter, and the courier's number.
    expect(within(order).getByText('Rina Wulandari')).toBeTruthy();
    expect(within(order).getByRole('link', { name: '+62 812 3456 789' }).getAttribute('href')).toBe('tel:+628123456789');
    expect(within(order).getByText('rina@example.com')).toBeTruthy();
    expect(within(order).getByText('1 × Hazelnut Latte')).toBeTruthy();
    expect(within(order).getByText('Mon 6 Jan, 14:00')).toBeTruthy();
    expect(within(order).getByText('Door Delivery')).toBeTruthy();
    expect(within(order).getByText('Jl. Kopi 1')).toBeTruthy();
    expect(within(order).getByText('Bank Account, awaiting payment')).toBeTruthy();
    expect(within(order).getByText('IDR 57.200')).toBeTruthy();
    expect(within(order).getByRole('button', { name: 'Mark paid (order #12)' })).toBeTruthy();
    expect(within(order).getByRole('button', { name: 'Cancel order #12' })).toBeTruthy();
    expect(within(order).queryByRole('button', { name: /Start preparing/ })).toBeNull();
  });

  it("moves an order on and shows the API's refusal", async () => {
    const user = userEvent.setup();
    const writes: Array<[string, unknown]> = [];
    setup([staffOrder({ id: 13, status: 'paid', paymentStatus: 'paid', nextStatuses: ['preparing', 'cancelled'] })], (path, body) => {
      writes.push([path, body]);
      return jsonResponse({ message: 'Order #13 was changed by someone else just now: reload it and try again', field: 'status' }, 409);
    });
    const order = await screen.findByRole('listitem', { name: 'Order #13' });
    expect(within(order).queryByRole('button', { name: /Mark paid/ })).toBeNull();
    await user.click(within(order).getByRole('button', { name: 'Start preparing (order #13)' }));
    expect((await within(order).findByRole('alert')).textContent).toContain('changed by someone else');
    expect(writes).toEqual([['/api/v1/staff/orders/13/status', { status: 'preparing', expectedStatus: 'paid' }]]);
  });

  it('filters by status and, without a live stream (no EventSource here), asks again every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = setup([staffOrder({ id: 20, status: 'pending' }), staffOrder({ id: 21, status: 'delivered', nextStatuses: [] })]);
    await screen.findByRole('listitem', { name: 'Order #21' });

    await user.click(screen.getByRole('radio', { name: 'Delivered' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Order #20' })).toBeNull());
    const delivered = () => calls.filter((url) => url.searchParams.get('status') === 'delivered').length;
    expect(delivered()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(ORDER_FALLBACK_POLL_MS));
    await waitFor(() => expect(delivered()).toBe(2));
  });

  it('names the last step by how the customer gets the order, and says the payment once', async () => {
    setup([
      staffOrder({ id: 30, status: 'ready', deliveryMethod: 'pick-up', paymentMethod: 'cash-on-delivery', paymentStatus: 'cash-on-delivery', nextStatuses: ['delivered', 'cancelled'] }),
      staffOrder({ id: 31, status: 'ready', deliveryMethod: 'dine-in', paymentMethod: 'card', paymentStatus: 'paid', nextStatuses: ['delivered', 'cancelled'] }),
      staffOrder({ id: 32, status: 'on-delivery', deliveryMethod: 'door-delivery', address: 'Jl. Kopi 1', paymentStatus: 'paid', nextStatuses: ['delivered'] }),
      staffOrder({ id: 33, status: 'delivered', deliveryMethod: 'pick-up', paymentStatus: 'paid', nextStatuses: [] }),
    ]);
    const pickUp = await screen.findByRole('listitem', { name: 'Order #30' });
    expect(within(pickUp).getByRole('button', { name: 'Mark picked up (order #30)' })).toBeTruthy();
    expect(within(pickUp).queryByRole('button', { name: /delivered/i })).toBeNull();
    expect(within(pickUp).getByText('Cash, to pay at hand-over')).toBeTruthy();
    const dineIn = screen.getByRole('listitem', { name: 'Order #31' });
    expect(within(dineIn).getByRole('button', { name: 'Mark served (order #31)' })).toBeTruthy();
    expect(within(dineIn).getByText('Paid by Card')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Order #32' })).getByRole('button', { name: 'Mark delivered (order #32)' })).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Order #33' })).getByText('Picked up')).toBeTruthy();
  });

  it('shows a cancelled paid order as refund due, and marks it refunded', async () => {
    const user = userEvent.setup();
    const writes: string[] = [];
    setup(
      [staffOrder({ id: 40, status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refund-due', nextStatuses: [], cancellable: false })],
      (path) => {
        writes.push(path);
        return jsonResponse({ data: staffOrder({ id: 40, status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refunded', nextStatuses: [] }) });
      },
    );
    const order = await screen.findByRole('listitem', { name: 'Order #40' });
    expect(within(order).getByText('Cancelled')).toBeTruthy();
    expect(within(order).getByText('Refund due')).toBeTruthy();
    expect(within(order).getAllByText('IDR 57.200').length).toBeGreaterThan(1);
    expect(within(order).queryByRole('button', { name: /Mark paid/ })).toBeNull();
    await user.click(within(order).getByRole('button', { name: 'Mark refunded (order #40)' }));
    await waitFor(() => expect(writes).toEqual(['/api/v1/staff/orders/40/mark-refunded']));
  });

  it('shows a barista that a refund is due but no way to make it (a manager or the owner pays it back)', async () => {
    setup([staffOrder({ id: 41, status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refund-due', nextStatuses: [], cancellable: false })], undefined, 'barista');
    const order = await screen.findByRole('listitem', { name: 'Order #41' });
    expect(within(order).getByText('Refund due')).toBeTruthy();
    expect(within(order).queryByRole('button', { name: /refund/i })).toBeNull();
  });
});
