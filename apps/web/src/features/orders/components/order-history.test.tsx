import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { LONG_PRESS_MS } from '../../../lib/use-long-press';
import { stubFetch } from '../../../testing/fetch-stub';
import { createCart, createOrder } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { OrderHistory } from './order-history';

const line = (name: string) => ({ ...createOrder().lines[0]!, name });

function setup(orders: Order[], pageSize = orders.length) {
  writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
  let visible = [...orders];
  const stub = stubFetch((url, request) => {
    const hide = /^\/api\/v1\/orders\/(\d+)$/.exec(url.pathname);
    if (hide && request.method === 'DELETE') {
      visible = visible.filter((o) => o.id !== Number(hide[1]));
      return new Response(null, { status: 204 });
    }
    if (/\/reorder$/.test(url.pathname)) return jsonResponse({ data: createCart(), notes: ['Matcha Latte is sold out'] });
    const page = Number(url.searchParams.get('page') ?? 1);
    const data = visible.slice((page - 1) * pageSize, page * pageSize);
    return jsonResponse({ data, meta: { page, limit: pageSize, total: visible.length } });
  });
  const onOrderedAgain = vi.fn();
  renderRoutes([{ path: '/history', element: <OrderHistory onOrderedAgain={onOrderedAgain} /> }], '/history');
  return { ...stub, onOrderedAgain };
}

const card = (name: RegExp | string) => screen.getByRole('listitem', { name });

describe('Order history', () => {
  it('shows the real orders as cards, newest first as the server sends them, a page at a time', async () => {
    const user = userEvent.setup();
    setup(
      [
        createOrder({ id: 3, status: 'pending', lines: [line('Hazelnut Latte'), line('Butter Croissant'), line('Matcha Latte')] }),
        createOrder({ id: 2, status: 'on-delivery' }),
        createOrder({ id: 1, status: 'delivered', lines: [line('Creamy Ice Latte')] }),
      ],
      2,
    );
    expect(screen.getByRole('heading', { level: 1, name: "Let's see what you have bought!" })).toBeTruthy();
    expect(screen.getByText('Long press to delete item')).toBeTruthy();

    const first = await screen.findByRole('listitem', { name: 'Hazelnut Latte +2 more' });
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByText('IDR 57.200')).toBeTruthy();
    expect(within(card('Hazelnut Latte')).getByText('On delivery')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Creamy Ice Latte' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // A finished Dine in order was served; each card opens the order's own page.
    const served = await screen.findByRole('listitem', { name: 'Creamy Ice Latte' });
    expect(within(served).getByText('Served')).toBeTruthy();
    expect(within(served).getByRole('link', { name: 'See order #1: status, payment and receipt' }).getAttribute('href')).toBe('/history/1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks before deleting a finished order on a long press, then removes the card', async () => {
    const user = userEvent.setup();
    const { requests } = setup([createOrder({ id: 5, status: 'delivered', lines: [line('Creamy Ice Latte')] })]);
    const target = await screen.findByRole('listitem', { name: 'Creamy Ice Latte' });

    fireEvent.pointerDown(target, { pointerType: 'mouse', button: 0 });
    await new Promise((resolve) => setTimeout(resolve, LONG_PRESS_MS + 50));
    fireEvent.pointerUp(target);

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete from your history?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Creamy Ice Latte' })).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/v1/orders/5')).toBe(true);
    expect(await screen.findByText('Removed from your history')).toBeTruthy();
  });

  it('offers the same through a Delete button for keyboard users, and Cancel keeps the order', async () => {
    const user = userEvent.setup();
    const { requests } = setup([createOrder({ id: 6, status: 'cancelled', lines: [line('Matcha Latte')] })]);
    await screen.findByRole('listitem', { name: 'Matcha Latte' });
    await user.click(screen.getByRole('button', { name: 'Delete order #6, Matcha Latte, from your history' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Matcha Latte' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('says why an order under way cannot be deleted, and offers no Delete button for it', async () => {
    setup([createOrder({ id: 7, status: 'preparing', lines: [line('Hazelnut Latte')] })]);
    const target = await screen.findByRole('listitem', { name: 'Hazelnut Latte' });
    expect(within(target).queryByRole('button', { name: /^Delete/ })).toBeNull();
    fireEvent.pointerDown(target, { pointerType: 'touch' });
    expect(await screen.findByText(/only delivered or cancelled orders can be deleted/, {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("'Order again' puts the order's lines back in the cart and hands over the server's notes", async () => {
    const user = userEvent.setup();
    const { requests, onOrderedAgain } = setup([createOrder({ id: 8, status: 'delivered', lines: [line('Matcha Latte')] })]);
    await user.click(await screen.findByRole('button', { name: 'Order again: Matcha Latte' }));
    await waitFor(() => expect(onOrderedAgain).toHaveBeenCalledWith({ cart: createCart(), notes: ['Matcha Latte is sold out'] }));
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/orders/8/reorder')).toBe(true);
  });
});
