import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder, withKitchenLines } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { StaffOrders } from './staff-orders';

const staffOrder = (id: number, storeId: number): StaffOrder & { storeId: number } => ({
  ...withKitchenLines(createOrder({ id })),
  customer: { id: 2, email: 'rina@example.com', name: 'Rina Wulandari', phone: null },
  nextStatuses: ['cancelled'],
  paymentDueAt: null,
  canMarkPaid: true,
  storeId,
});

const stores = [
  { id: 1, name: 'Kopi Kemang' },
  { id: 2, name: 'Kopi Senopati' },
];

function setup() {
  writeLoginRecord({ id: 9, email: 'staff@example.com', role: 'staff', displayName: 'Staff', photoUrl: null });
  const orders = [staffOrder(11, 1), staffOrder(12, 2), staffOrder(13, 2)];
  const stub = stubFetch((url) => {
    if (url.pathname !== '/api/v1/staff/orders') return jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0 } });
    const storeId = url.searchParams.get('storeId');
    const status = url.searchParams.get('status');
    const data = orders.filter((o) => (storeId === null || String(o.storeId) === storeId) && (status === null || o.status === status));
    return jsonResponse({ data, meta: { page: 1, limit: 20, total: data.length } });
  });
  renderRoutes([{ path: '/staff/orders', element: <StaffOrders stores={stores} /> }], '/staff/orders');
  return stub;
}

describe('Staff orders, by store', () => {
  it("shows every store's orders, then only the chosen store's, and back", async () => {
    const user = userEvent.setup();
    setup();
    expect(await screen.findByRole('listitem', { name: 'Order #11' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Order #12' })).toBeTruthy();

    const store = screen.getByRole('combobox', { name: 'Store' });
    expect(within(store).getAllByRole('option').map((o) => o.textContent)).toEqual(['Every store', 'Kopi Kemang', 'Kopi Senopati']);
    await user.selectOptions(store, 'Kopi Senopati');
    expect(await screen.findByText('2 orders')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Order #11' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Order #13' })).toBeTruthy();

    await user.selectOptions(store, 'Every store');
    expect(await screen.findByRole('listitem', { name: 'Order #11' })).toBeTruthy();
    expect(screen.getByText('3 orders')).toBeTruthy();
  });

  it('says which store has no orders of a status', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('listitem', { name: 'Order #11' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'Kopi Kemang');
    await user.click(screen.getByRole('radio', { name: 'Cancelled' }));
    expect(await screen.findByText('No cancelled orders at Kopi Kemang.')).toBeTruthy();
  });

  it('offers no store choice when there is one store', async () => {
    writeLoginRecord({ id: 9, email: 'staff@example.com', role: 'staff', displayName: 'Staff', photoUrl: null });
    stubFetch(() => jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0 } }));
    renderRoutes([{ path: '/staff/orders', element: <StaffOrders stores={[stores[0]!]} /> }], '/staff/orders');
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Store' })).toBeNull();
  });
});
