import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createCart, createCartLine, createOrder } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { createShopSettings } from '@coffee/contract/testing';
import { Checkout } from './checkout';
import type { StoreChoiceProps } from './checkout';

const profile = { displayName: 'Rina', email: 'rina@example.com', phone: '+62 812 0000 1111', deliveryAddress: 'Jl. Kopi 1, Jakarta' };
const cart = createCart({ lines: [createCartLine({ id: 1, name: 'Kopi Susu', quantity: 1, unitPriceIdr: 25_000 })] });

/** Stands in for the app's chooser: a store and a slot picked by two buttons. */
function FakeChooser({ storeId, time, onStoreChange, onTimeChange }: StoreChoiceProps) {
  return (
    <div>
      <button type="button" onClick={() => onStoreChange(2)}>{`Store ${storeId ?? 'default'}`}</button>
      <button type="button" onClick={() => onTimeChange('10:00')}>{`Time ${time || 'asap'}`}</button>
    </div>
  );
}

function setup(placeOrder: () => Response) {
  writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
  const stub = stubFetch((url, request) => {
    if (url.pathname === '/api/v1/orders' && request.method === 'POST') return placeOrder();
    if (url.pathname === '/api/v1/cart/delivery') return jsonResponse({ data: { ...cart, ...(request.body as object) } });
    if (url.pathname === '/api/v1/cart') return jsonResponse({ data: cart });
    return jsonResponse({ message: 'not found' }, 404);
  });
  renderRoutes(
    [
      {
        path: '/payment',
        element: <Checkout profile={profile} profileLoading={false} shop={createShopSettings()} StoreChoice={FakeChooser} />,
      },
    ],
    '/payment',
  );
  return stub;
}

describe('Checkout with a store and slot choice', () => {
  it('places the order at the chosen store and slot', async () => {
    const user = userEvent.setup();
    const { requests } = setup(() => jsonResponse({ data: createOrder({ store: { id: 2, name: 'Kopi Kemang', address: 'Jl. Kemang Raya No. 8' } }) }, 201));
    await user.click(await screen.findByRole('button', { name: 'Store default' }));
    await user.click(screen.getByRole('button', { name: 'Time asap' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed!' })).toBeTruthy();
    expect(screen.getByText('Kopi Kemang', { exact: false })).toBeTruthy();
    const post = requests.find((r) => r.url.pathname === '/api/v1/orders');
    const body = post?.body as { storeId?: number; scheduledFor?: string };
    expect(body.storeId).toBe(2);
    expect(body.scheduledFor).toMatch(/T10:00$/);
  });

  it("shows a full slot's refusal, with the next free time, where the time is chosen", async () => {
    const user = userEvent.setup();
    setup(() =>
      jsonResponse(
        { message: 'The 10:00 pickup slot at Kopi Kemang is full. The next free one is 10:15: please choose it or another time.', field: 'scheduledFor' },
        409,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByText(/The next free one is 10:15/)).toBeTruthy();
  });
});
