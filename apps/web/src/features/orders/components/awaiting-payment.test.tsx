import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '@coffee/contract';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder, withKitchenLines } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { AwaitingPayment, timeLeft } from './awaiting-payment';

const waiting = (id: number, minutesLeft: number): StaffOrder => ({
  ...withKitchenLines(createOrder({ id, paymentMethod: 'qris' })),
  customer: { id: 2, email: 'rina@example.com', name: 'Rina Wulandari', phone: null },
  nextStatuses: ['cancelled'],
  paymentDueAt: new Date(Date.now() + minutesLeft * 60_000 - 1_000).toISOString(),
  canMarkPaid: false,
});

describe('Awaiting payment', () => {
  it('lists the orders being paid online apart, with the time left and nothing to press', async () => {
    const { requests } = stubFetch((url) =>
      url.searchParams.get('awaitingPayment') === 'true'
        ? jsonResponse({ data: [waiting(41, 12), waiting(42, 1)], meta: { page: 1, limit: 200, total: 2 } })
        : jsonResponse({ message: 'not here' }, 404),
    );
    renderRoutes([{ path: '/', element: <AwaitingPayment storeId={3} /> }], '/');
    const list = await screen.findByRole('list', { name: 'Orders awaiting payment' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/#41.*Rina Wulandari.*QRIS.*12 min left/),
      expect.stringMatching(/#42.*1 min left/),
    ]);
    expect(within(list).queryByRole('button')).toBeNull();
    expect(requests[0]?.url.searchParams.get('storeId')).toBe('3');
  });

  it('says when a window is ending', () => {
    expect(timeLeft(new Date(Date.now() - 5_000).toISOString(), Date.now())).toBe('ending now');
  });
});
