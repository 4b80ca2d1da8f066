import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffOrder } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { calendarDate, clockTime } from '../../../lib/shop-time';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder, withKitchenLines } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { StaffOrders } from './staff-orders';

/** An order due `minutes` from now (on this browser's clock, the shop's when no zone is given), placed `placedAgo` minutes ago. */
function dueIn(id: number, minutes: number, placedAgo: number, name: string | null = 'Rina'): StaffOrder {
  const due = new Date(Date.now() + minutes * 60_000);
  return {
    ...withKitchenLines(createOrder({ id, status: 'paid', paymentStatus: 'paid', scheduledAt: due.toISOString(), scheduledFor: `${calendarDate(due)}T${clockTime(due)}`, placedAt: new Date(Date.now() - placedAgo * 60_000).toISOString() })),
    store: { id: 1, name: 'Kopi Kemang', address: 'Jakarta' },
    customer: { id: 2, email: 'a-very-long-address-of-sixty-characters-or-so@example-mail.com', name, phone: null },
    nextStatuses: ['preparing', 'cancelled'],
    paymentDueAt: null,
    canMarkPaid: false,
  };
}

function setup(orders: StaffOrder[]) {
  writeLoginRecord({ id: 9, email: 'staff@example.com', role: 'staff', displayName: 'Staff', photoUrl: null });
  return stubFetch((url, request) => {
    if (url.pathname.endsWith('/done')) {
      const order = orders.find((o) => url.pathname.includes(`/orders/${o.id}/`))!;
      order.lines = order.lines.map((line) => ({ ...line, done: (request.body as { done: boolean }).done }));
      return jsonResponse({ data: order });
    }
    // Orders waiting for an online payment are listed apart: none here.
    if (url.searchParams.get('awaitingPayment') === 'true') return jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });
    if (url.pathname !== '/api/v1/staff/orders') return jsonResponse({ data: { date: '2026-11-23', orders: 0, cancelled: 0, salesIdr: 0, slots: [], busiestSlots: [], stores: [] } });
    return jsonResponse({ data: orders, meta: { page: 1, limit: 100, total: orders.length } });
  });
}

describe('the kitchen display lanes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('puts what is due within the lead time first by due time, marks the late one, and leaves later today and tomorrow under Later', async () => {
    const user = userEvent.setup();
    // Placed in the other order from when they are due: the screen follows the due time.
    setup([dueIn(1, 20, 5), dueIn(2, 5, 60), dueIn(3, -10, 90), dueIn(4, 30 * 60, 120, null), dueIn(5, 24 * 60 + 30, 200)]);
    renderRoutes([{ path: '/staff/orders', element: <StaffOrders stores={[{ id: 1, name: 'Kopi Kemang', leadMinutes: 10 }]} /> }], '/staff/orders');
    await user.click(await screen.findByRole('button', { name: 'Kitchen display' }));
    const now = await screen.findByRole('list', { name: 'Due now, soonest first' });
    expect(within(now).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['#3', '#2', '#1']);
    expect(within(within(now).getAllByRole('listitem')[0]!).getByText(/Late 1\d min/)).toBeTruthy();
    expect(within(now).queryAllByText(/Late/)).toHaveLength(1);
    const later = screen.getByRole('region', { name: 'Later' });
    const laterNumbers = within(later).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(laterNumbers).toContain('#4');
    expect(laterNumbers).toContain('#5');
    // A later order is started early on purpose, not offered as the next thing to do.
    expect(within(later).getByRole('button', { name: 'Start early · #5' })).toBeTruthy();
    // The name to call, never the e-mail; a customer without one is a neutral "Guest".
    expect(screen.queryByText(/example-mail\.com/)).toBeNull();
    expect(within(later).getByText('Guest')).toBeTruthy();
  });

  it('ticks a line made and keeps the tick from the API', async () => {
    const user = userEvent.setup();
    const api = setup([dueIn(7, 5, 10)]);
    renderRoutes([{ path: '/staff/orders', element: <StaffOrders stores={[{ id: 1, name: 'Kopi Kemang', leadMinutes: 10 }]} /> }], '/staff/orders');
    await user.click(await screen.findByRole('button', { name: 'Kitchen display' }));
    const box = await screen.findByRole('checkbox', { name: 'Hazelnut Latte made' });
    await user.click(box);
    await vi.waitFor(() => expect(api.requests.some((r) => r.method === 'PUT' && r.url.pathname.startsWith('/api/v1/staff/orders/7/lines/'))).toBe(true));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ done: true });
    await vi.waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Hazelnut Latte made' }).checked).toBe(true));
  });
});
