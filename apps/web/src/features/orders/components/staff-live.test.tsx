import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStreamEvent, StaffDayStats, StaffOrder } from '@coffee/contract';
import { i18n } from '../../../lib/i18n';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder, withKitchenLines } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { DayFigures } from './staff-day-chart';
import { StaffOrders } from './staff-orders';

class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  step(event: OrderStreamEvent) {
    this.dispatchEvent(new MessageEvent('order', { data: JSON.stringify(event) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const staffOrder = (overrides: Partial<StaffOrder> = {}): StaffOrder => {
  const order: StaffOrder = {
    ...withKitchenLines(createOrder()),
    customer: { id: 2, email: 'rina@example.com', name: 'Rina Wulandari', phone: '+62 812 3456 789' },
    nextStatuses: ['preparing', 'cancelled'],
    paymentDueAt: null,
    canMarkPaid: true,
    ...overrides,
  };
  // As the API says: staff mark paid what is not paid yet and not cancelled (no online payment here).
  return { ...order, canMarkPaid: overrides.canMarkPaid ?? (order.paymentStatus !== 'paid' && order.status !== 'cancelled') };
};

const day: StaffDayStats = {
  date: '2026-11-23',
  orders: 5,
  cancelled: 1,
  salesIdr: 125_000,
  slots: [
    { time: '09:00', orders: 1 },
    { time: '12:00', orders: 3 },
    { time: '15:00', orders: 1 },
  ],
  busiestSlots: [
    { time: '12:00', orders: 3 },
    { time: '09:00', orders: 1 },
    { time: '15:00', orders: 1 },
  ],
  stores: [
    { storeId: 1, storeName: 'Kemang', orders: 3, salesIdr: 80_000 },
    { storeId: 2, storeName: 'Menteng', orders: 2, salesIdr: 45_000 },
  ],
};

function setup(initial: StaffOrder[]) {
  writeLoginRecord({ id: 9, email: 'staff@example.com', role: 'staff', displayName: 'Staff', photoUrl: null });
  let orders = initial;
  const stub = stubFetch((url, request) => {
    if (url.pathname === '/api/v1/staff/stats') return jsonResponse({ data: day });
    if (request.method === 'PATCH') return jsonResponse({ data: { ...orders[0]!, status: 'preparing', nextStatuses: ['ready', 'cancelled'] } });
    return jsonResponse({ data: orders, meta: { page: 1, limit: 20, total: orders.length } });
  });
  renderRoutes([{ path: '/staff/orders', element: <StaffOrders /> }], '/staff/orders');
  return { ...stub, setOrders: (next: StaffOrder[]) => (orders = next) };
}

describe('the staff orders screen, live', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
    localStorage.clear();
  });

  it('shows a new order as soon as the stream tells of it', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = setup([staffOrder({ id: 1 })]);
    await screen.findByRole('listitem', { name: 'Order #1' });
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/v1/staff/orders/events');
    act(() => source.open());

    api.setOrders([staffOrder({ id: 2 }), staffOrder({ id: 1 })]);
    act(() => source.step({ eventId: 40, orderId: 2, kind: 'placed', status: 'pending', at: '2026-11-23T06:30:00.000Z' }));
    expect(await screen.findByRole('listitem', { name: 'Order #2' })).toBeTruthy();
  });

  it('draws today at a glance, loaded with the screen', async () => {
    setup([]);
    const figures = await screen.findByRole('region', { name: 'Today at a glance' });
    expect(within(figures).getByRole('img', { name: 'Orders per hour: 09:00 1, 12:00 3, 15:00 1' })).toBeTruthy();
    expect(within(figures).getByText('12:00 (3), 09:00 (1), 15:00 (1)')).toBeTruthy();
  });

  it('has a kitchen display: soonest due first (the order number breaks a tie), one tap moves it on', async () => {
    const user = userEvent.setup();
    const api = setup([
      staffOrder({ id: 8, placedAt: '2026-11-23T06:40:00.000Z' }),
      staffOrder({ id: 7, placedAt: '2026-11-23T06:30:00.000Z' }),
      staffOrder({ id: 6, status: 'delivered', nextStatuses: [], placedAt: '2026-11-23T06:00:00.000Z' }),
    ]);
    await screen.findByRole('listitem', { name: 'Order #8' });
    await user.click(screen.getByRole('button', { name: 'Kitchen display' }));
    const cards = within(await screen.findByRole('list', { name: 'Due now, soonest first' })).getAllByRole('heading');
    expect(cards.map((h) => h.textContent)).toEqual(['#7', '#8']);

    await user.click(screen.getByRole('button', { name: 'Start preparing · #7' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/v1/staff/orders/7/status');
    expect(patch?.body).toEqual({ status: 'preparing', expectedStatus: 'pending' });
  });

  it('remembers the sound switch for new orders', async () => {
    const user = userEvent.setup();
    setup([]);
    const toggle = await screen.findByRole('button', { name: 'Sound for new orders: off' });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Sound for new orders: on' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('@staffOrderSound')).toBe('on');
  });
});

describe('the day chart', () => {
  it('draws every hour from the first to the last in clock order, the tallest for the busiest hour, and each store when there are several', () => {
    render(
      <I18nProvider i18n={i18n}>
        <DayFigures day={day} />
      </I18nProvider>,
    );
    const hourBars = screen.getAllByTestId('hour-bar');
    // 09 to 15: the hours without orders between them are there, empty, so 12 does not stand beside 09.
    expect(hourBars.map((g) => g.querySelectorAll('text')[1]?.textContent)).toEqual(['09', '10', '11', '12', '13', '14', '15']);
    const bars = hourBars.map((g) => Number(g.querySelector('rect')?.getAttribute('height')));
    expect(Math.max(...bars)).toBe(bars[3]);
    expect(bars[0]).toBeLessThan(bars[3]!);
    expect(bars[1]).toBe(0);
    expect(screen.getByText('Kemang')).toBeTruthy();
    expect(screen.getByText('Menteng')).toBeTruthy();
  });

  it('says so when the day has no orders yet', () => {
    render(
      <I18nProvider i18n={i18n}>
        <DayFigures day={{ ...day, orders: 0, cancelled: 0, salesIdr: 0, slots: [], busiestSlots: [], stores: [] }} />
      </I18nProvider>,
    );
    expect(screen.getByText('No orders for today yet.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
