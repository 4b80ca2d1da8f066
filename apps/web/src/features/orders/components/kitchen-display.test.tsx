import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ACTIVE_ORDERS_LIMIT, type OrderStatus, type StaffOrder } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder, withKitchenLines } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { StaffOrders } from './staff-orders';

type ShopOrder = StaffOrder & { storeId: number };
const OPEN: readonly OrderStatus[] = ['pending', 'paid', 'preparing', 'ready', 'on-delivery'];
const start = Date.parse('2026-11-23T02:00:00.000Z');

/** An order placed `minute` minutes into the morning at one store. */
const shopOrder = (id: number, storeId: number, status: OrderStatus, minute: number): ShopOrder => ({
  ...withKitchenLines(createOrder({ id, status, placedAt: new Date(start + minute * 60_000).toISOString() })),
  store: { id: storeId, name: storeId === 1 ? 'Kopi Kemang' : 'Kopi Senopati', address: 'Jakarta' },
  customer: { id: 2, email: 'rina@example.com', name: 'Rina Wulandari', phone: null },
  nextStatuses: status === 'delivered' || status === 'cancelled' ? [] : ['cancelled'],
  paymentDueAt: null,
  canMarkPaid: status !== 'cancelled',
  storeId,
});

const stores = [
  { id: 1, name: 'Kopi Kemang' },
  { id: 2, name: 'Kopi Senopati' },
];

/**
 * A lunch rush at Senopati: more open orders than one page of the kitchen's list holds, placed before its finished
 * orders and before Kemang's, so a list of the newest orders would leave the oldest open ones out.
 */
const rush = MAX_ACTIVE_ORDERS_LIMIT + 12;
const orders: ShopOrder[] = [
  ...Array.from({ length: rush }, (_, i) => shopOrder(1000 + i, 2, OPEN[i % OPEN.length]!, i)),
  ...Array.from({ length: 25 }, (_, i) => shopOrder(2000 + i, 2, i % 2 ? 'delivered' : 'cancelled', 500 + i)),
  ...Array.from({ length: 3 }, (_, i) => shopOrder(3000 + i, 1, 'pending', 600 + i)),
];

/** GET /staff/orders as the API answers it: newest first, filtered by store, status, `active` and `awaitingPayment`, a page at a time. */
function setup() {
  writeLoginRecord({ id: 9, email: 'staff@example.com', role: 'staff', displayName: 'Staff', photoUrl: null });
  return stubFetch((url) => {
    if (url.pathname !== '/api/v1/staff/orders') return jsonResponse({ data: { date: '2026-11-23', orders: 0, cancelled: 0, salesIdr: 0, slots: [], busiestSlots: [], stores: [] } });
    const query = url.searchParams;
    const active = query.get('active');
    const matching = orders
      .filter((o) => query.get('storeId') === null || String(o.storeId) === query.get('storeId'))
      .filter((o) => query.get('status') === null || o.status === query.get('status'))
      .filter((o) => active === null || OPEN.includes(o.status) === (active === 'true'))
      // None of these waits for an online payment (paymentDueAt null), so the "Awaiting payment" list is empty.
      .filter((o) => query.get('awaitingPayment') !== 'true' || o.paymentDueAt !== null)
      .sort((a, b) => b.placedAt.localeCompare(a.placedAt));
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 24);
    const data = matching.slice((page - 1) * limit, page * limit);
    return jsonResponse({ data, meta: { page, limit, total: matching.length } });
  });
}

describe('the kitchen display', () => {
  it('opens on the store this device chose last time', async () => {
    localStorage.setItem('@staffStore', '1');
    setup();
    renderRoutes([{ path: '/staff/orders', element: <StaffOrders stores={stores} /> }], '/staff/orders');
    expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Store' })).value).toBe('1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows every open order of the chosen store, however many pages they fill, and keeps the store for this device", async () => {
    const user = userEvent.setup();
    const api = setup();
    renderRoutes([{ path: '/staff/orders', element: <StaffOrders stores={stores} /> }], '/staff/orders');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Store' }), 'Kopi Senopati');
    await user.click(screen.getByRole('button', { name: 'Kitchen display' }));

    const board = await screen.findByRole('list', { name: 'Due now, soonest first' });
    await vi.waitFor(() => expect(within(board).getAllByRole('heading', { level: 2 })).toHaveLength(rush), { timeout: 5000 });
    const numbers = within(board).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(numbers).toEqual(orders.slice(0, rush).map((o) => `#${o.id}`));
    // The name to call out at the counter; one store chosen, so no store on the cards.
    const first = within(board).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Rina Wulandari')).toBeTruthy();
    expect(within(board).queryByText('Kopi Senopati')).toBeNull();
    expect(localStorage.getItem('@staffStore')).toBe('2');

    const asked = api.calls.filter((url) => url.searchParams.get('active') === 'true');
    expect(asked.map((url) => [url.searchParams.get('storeId'), url.searchParams.get('page'), url.searchParams.get('limit')])).toEqual([
      ['2', '1', String(MAX_ACTIVE_ORDERS_LIMIT)],
      ['2', '2', String(MAX_ACTIVE_ORDERS_LIMIT)],
    ]);
  }, 20_000);

  it('shows the open orders of every store when no store is chosen', async () => {
    const user = userEvent.setup();
    setup();
    renderRoutes([{ path: '/staff/orders', element: <StaffOrders stores={stores} /> }], '/staff/orders');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Store' }), 'Kopi Kemang');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'Every store');
    await user.click(screen.getByRole('button', { name: 'Kitchen display' }));
    const board = await screen.findByRole('list', { name: 'Due now, soonest first' });
    await vi.waitFor(() => expect(within(board).getAllByRole('heading', { level: 2 })).toHaveLength(rush + 3), { timeout: 5000 });
    expect(within(board).queryByRole('heading', { name: '#2000' })).toBeNull();
    // Every store on one board: each card says which store makes it.
    const kemang = within(board).getByRole('heading', { name: '#3000' }).closest('li') as HTMLElement;
    expect(within(kemang).getByText('Kopi Kemang')).toBeTruthy();
    expect(within(kemang).getByText('Rina Wulandari')).toBeTruthy();
  }, 20_000);
});
