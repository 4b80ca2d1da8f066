import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStreamEvent } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { ORDER_FALLBACK_POLL_MS } from '../api/order-events';
import { OrderPage } from './order-page';

/** A stand-in for the browser's EventSource that the test drives: open it, send it steps, make it fail. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  step(event: OrderStreamEvent) {
    this.dispatchEvent(new MessageEvent('order', { data: JSON.stringify(event), lastEventId: String(event.eventId) }));
  }
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function setup(first: Order) {
  writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
  let current = first;
  stubFetch((url) => (url.pathname === '/api/v1/orders/12' ? jsonResponse({ data: current }) : jsonResponse({ message: 'Not found' }, 404)));
  renderRoutes([{ path: '/history/:id', element: <OrderPage id={12} /> }], '/history/12');
  return { setOrder: (order: Order) => (current = order) };
}

const order = (status: Order['status']) => createOrder({ id: 12, status, deliveryMethod: 'pick-up' });
const statusShown = async (label: string) => within(await screen.findByRole('article', { name: 'Order #12' })).findAllByText(label);

describe('the order page, live', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("moves from Pending to Preparing to Ready as the shop's steps arrive, without a reload", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = setup(order('pending'));
    await statusShown('Pending');
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/v1/orders/events');
    act(() => source.open());

    api.setOrder(order('preparing'));
    act(() => source.step({ eventId: 7, orderId: 12, kind: 'preparing', status: 'preparing', at: '2026-11-23T06:31:00.000Z' }));
    await statusShown('Preparing');

    api.setOrder(order('ready'));
    act(() => source.step({ eventId: 8, orderId: 12, kind: 'ready', status: 'ready', at: '2026-11-23T06:40:00.000Z' }));
    await statusShown('Ready');
  });

  it('asks again every 5 seconds when the live stream cannot be opened', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = setup(order('pending'));
    await statusShown('Pending');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => FakeEventSource.opened[0]!.fail());

    api.setOrder(order('preparing'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ORDER_FALLBACK_POLL_MS + 100);
    });
    await waitFor(async () => expect(await statusShown('Preparing')).toBeTruthy());
  });
});
