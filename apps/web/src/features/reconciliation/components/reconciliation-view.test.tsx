import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReconciliationLine } from '@coffee/contract';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { ReconciliationView } from './reconciliation-view';

const line = (overrides: Partial<ReconciliationLine>): ReconciliationLine => ({
  reference: 'ref-1',
  orderId: 1,
  storeName: 'Kopi Kemang',
  method: 'QRIS',
  amountIdr: 22_000,
  orderTotalIdr: 22_000,
  gatewayStatus: 'settlement',
  gatewayRefund: null,
  orderStatus: 'paid',
  paymentStatus: 'paid',
  refundStatus: null,
  createdAt: '2026-11-23T06:30:00.000Z',
  problem: null,
  problemText: null,
  ...overrides,
});

describe('the reconciliation screen', () => {
  it('shows the disagreements first with their words, and moves a day back when asked', async () => {
    const user = userEvent.setup();
    const { requests } = stubFetch((url) =>
      jsonResponse({
        data: {
          date: url.searchParams.get('date') ?? '2026-11-23',
          timeZone: 'Asia/Jakarta',
          disagreements: 1,
          lines: [
            line({ reference: 'late', orderId: 7, gatewayStatus: 'refund', gatewayRefund: 'refunded', orderStatus: 'cancelled', refundStatus: 'refunded', problem: 'cancelled-in-shop', problemText: 'Paid at the payment service, but the shop cancelled the order (refunded through the payment service)' }),
            line({ reference: 'fine', orderId: 8 }),
          ],
        },
      }),
    );
    renderRoutes([{ path: '/', element: <ReconciliationView /> }], '/');
    const list = await screen.findByRole('list', { name: 'Charges, disagreements first' });
    expect(screen.getByText('1 of 2 charges disagree with their orders: they are listed first.')).toBeTruthy();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Order #7' })).toBeTruthy();
    expect(within(first!).getByText(/the shop cancelled the order/)).toBeTruthy();
    expect(within(first!).getByText('refund (refunded by the shop)')).toBeTruthy();
    expect(within(second!).getByRole('link', { name: 'Order #8' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByRole('heading', { name: 'Sun 22 Nov 2026' })).toBeTruthy();
    expect(requests.at(-1)?.url.searchParams.get('date')).toBe('2026-11-22');
  });
});
