import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@coffee/contract';
import { startLanguage } from '../../../lib/i18n';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder, createSummary } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { OrderPage } from './order-page';

const BANK = 'Transfer IDR 57.200 to BCA 123-456-7890 a.n. Coffee Shop with "Order 12" as the reference.';

const pendingOrder = (overrides: Partial<Order> = {}) =>
  createOrder({
    id: 12,
    deliveryMethod: 'door-delivery',
    address: 'Jl. Kopi 1, Jakarta',
    scheduledFor: '2025-01-06T14:00',
    paymentInstructions: BANK,
    summary: createSummary({ subtotalIdr: 52_000, taxAndFeesIdr: 5_200, shippingIdr: 10_000 }),
    lines: [
      {
        ...createOrder().lines[0]!,
        name: 'Hazelnut Latte',
        quantity: 2,
        unitPriceIdr: 26_000,
        lineTotalIdr: 52_000,
        options: [{ optionId: 3, groupId: 1, groupName: 'Milk', name: 'Oat', priceDeltaIdr: 1_000 }],
        baristaNote: 'Extra hot',
      },
    ],
    history: [{ kind: 'placed', at: '2025-01-06T03:00:00.000Z', atShopTime: '2025-01-06T10:00', by: 'customer' }],
    ...overrides,
  });

function setup(initial: Order | null, onCancel?: () => Response) {
  writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
  let current = initial;
  const stub = stubFetch((url, request) => {
    if (request.method === 'POST' && url.pathname === '/api/v1/orders/12/cancel') {
      const answer = onCancel?.() ?? jsonResponse({ data: current }, 200);
      return answer;
    }
    if (url.pathname === '/api/v1/orders/12' && current) return jsonResponse({ data: current });
    return jsonResponse({ message: 'You have no order 12' }, 404);
  });
  renderRoutes([{ path: '/history/:id', element: <OrderPage id={12} /> }], '/history/12');
  return { ...stub, setOrder: (order: Order) => (current = order) };
}

describe('Order page', () => {
  it('shows the lines with their options, the figures, delivery, place, payment instructions and the status history in words', async () => {
    setup(pendingOrder());
    const page = await screen.findByRole('article', { name: 'Order #12' });
    expect(within(page).getByText('Placed Mon 6 Jan, 10:00')).toBeTruthy();
    expect(within(page).getByText('2 × Hazelnut Latte')).toBeTruthy();
    expect(within(page).getByText('Oat', { exact: false })).toBeTruthy();
    expect(within(page).getByText('Note: Extra hot')).toBeTruthy();
    expect(within(page).getByText('IDR 26.000')).toBeTruthy();
    expect(within(page).getByText('IDR 5.200')).toBeTruthy();
    expect(within(page).getByText('IDR 10.000')).toBeTruthy();
    expect(within(page).getByText('IDR 67.200')).toBeTruthy();
    expect(within(page).getByText('Door Delivery')).toBeTruthy();
    expect(within(page).getByText('Mon 6 Jan, 14:00')).toBeTruthy();
    expect(within(page).getByText('Jl. Kopi 1, Jakarta')).toBeTruthy();
    expect(within(page).getByText('Bank Account, awaiting payment')).toBeTruthy();

    const howToPay = within(page).getByRole('region', { name: 'How to pay' });
    expect(howToPay.textContent).toContain('BCA 123-456-7890');
    expect(howToPay.textContent).toContain('"Order 12" as the reference');

    const history = within(page).getByRole('region', { name: 'Status' });
    expect(within(history).getByText('Placed')).toBeTruthy();
    expect(within(history).getByText('Mon 6 Jan, 10:00')).toBeTruthy();
    // Times are told in words on the shop's clock, never as machine timestamps.
    expect(page.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('names every step and stops showing the payment instructions once paid', async () => {
    setup(
      pendingOrder({
        status: 'delivered',
        deliveryMethod: 'pick-up',
        address: null,
        paymentStatus: 'paid',
        cancellable: false,
        history: [
          { kind: 'placed', at: '2025-01-06T03:00:00.000Z', atShopTime: '2025-01-06T10:00', by: 'customer' },
          { kind: 'paid', at: '2025-01-06T03:05:00.000Z', atShopTime: '2025-01-06T10:05', by: 'staff' },
          { kind: 'preparing', at: '2025-01-06T03:10:00.000Z', atShopTime: '2025-01-06T10:10', by: 'staff' },
          { kind: 'ready', at: '2025-01-06T03:20:00.000Z', atShopTime: '2025-01-06T10:20', by: 'staff' },
          { kind: 'delivered', at: '2025-01-06T03:30:00.000Z', atShopTime: '2025-01-06T10:30', by: 'staff' },
        ],
      }),
    );
    const history = await screen.findByRole('region', { name: 'Status' });
    expect(within(history).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'PlacedMon 6 Jan, 10:00',
      'PaidMon 6 Jan, 10:05',
      'PreparingMon 6 Jan, 10:10',
      'ReadyMon 6 Jan, 10:20',
      'Picked upMon 6 Jan, 10:30',
    ]);
    expect(screen.queryByRole('region', { name: 'How to pay' })).toBeNull();
    expect(screen.getByText('At the counter of the shop')).toBeTruthy();
    expect(screen.getByText('Paid by Bank Account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('prints the receipt with the browser', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    setup(pendingOrder());
    await user.click(await screen.findByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('says so when the order is not one of mine', async () => {
    setup(null);
    expect(await screen.findByText('We could not find this order')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your orders' }).getAttribute('href')).toBe('/history');
  });
});

describe('Cancelling an order', () => {
  it('asks first; "Keep my order" sends nothing, "Yes, cancel it" cancels and the page shows it cancelled', async () => {
    const user = userEvent.setup();
    const { requests, setOrder } = setup(pendingOrder(), () => {
      const cancelled = pendingOrder({
        status: 'cancelled',
        cancellable: false,
        history: [
          { kind: 'placed', at: '2025-01-06T03:00:00.000Z', atShopTime: '2025-01-06T10:00', by: 'customer' },
          { kind: 'cancelled', at: '2025-01-06T03:04:00.000Z', atShopTime: '2025-01-06T10:04', by: 'customer' },
        ],
      });
      setOrder(cancelled);
      return jsonResponse({ data: cancelled });
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel order #12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my order' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel order #12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    expect(await screen.findByText('Order #12 is cancelled')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual(['/api/v1/orders/12/cancel']);
    const page = screen.getByRole('article', { name: 'Order #12' });
    await waitFor(() => expect(within(page).getByText('Cancelled by you')).toBeTruthy());
    expect(within(page).queryByRole('region', { name: 'How to pay' })).toBeNull();
    expect(within(page).getByText('Bank Account, nothing was paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('tells a paid customer the money comes back, and shows the refund due after cancelling', async () => {
    const user = userEvent.setup();
    const paid = pendingOrder({ status: 'paid', paymentStatus: 'paid', cancellable: true });
    const { setOrder } = setup(paid, () => {
      const cancelled = { ...paid, status: 'cancelled' as const, cancellable: false, refundStatus: 'refund-due' as const };
      setOrder(cancelled);
      return jsonResponse({ data: cancelled });
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order #12?' });
    expect(dialog.textContent).toContain('You have paid IDR 67.200: the shop pays it back to you.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByText(/Refund due/)).textContent).toBe('Refund due: IDR 67.200. The shop pays it back to you.');
  });

  it('shows the shop\'s refusal when it started on the order meanwhile', async () => {
    const user = userEvent.setup();
    const { setOrder } = setup(pendingOrder(), () => {
      setOrder(pendingOrder({ status: 'preparing', paymentStatus: 'paid', cancellable: false }));
      return jsonResponse(
        { message: 'Order #12 is Preparing already, so it can no longer be cancelled: chat with the shop if something is wrong', field: 'status', currentStatus: 'preparing' },
        409,
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Cancel order #12?' })).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByRole('alert')).textContent).toContain('can no longer be cancelled');
    // The order is read again: it shows as being prepared.
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Order #12' })).getByText('Preparing')).toBeTruthy());
  });

  describe('in Indonesian', () => {
    afterEach(async () => {
      await startLanguage('en', ['shop', 'account', 'staff', 'contract']);
    });

    it('reads the order, its figures, status and payment in Indonesian', async () => {
      await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
      setup(pendingOrder({ status: 'paid', paymentStatus: 'paid', paymentMethod: 'card', cancellable: true }));
      const page = await screen.findByRole('article', { name: 'Pesanan #12' });
      expect(within(page).getByText('Dibayar dengan Kartu')).toBeTruthy();
      expect(within(page).getByText('Antar ke Alamat')).toBeTruthy();
      expect(within(page).getByText('Ongkos kirim')).toBeTruthy();
      expect(within(page).getByText('Rp67.200')).toBeTruthy();
      expect(within(page).getByRole('heading', { name: 'Pesanan Anda' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Batalkan pesanan' })).toBeTruthy();
    });
  });
});
