import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Cart } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { createCart, createCartLine, createOrder } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { createShopSettings } from '@coffee/contract/testing';
import { Checkout } from './checkout';
import type { StoreChoiceProps } from './checkout';

const profile = { displayName: 'Rina', email: 'rina@example.com', phone: '+62 812 0000 1111', deliveryAddress: 'Jl. Kopi 1, Jakarta' };

/** Stands in for the app's chooser: shows the chosen store and picks store 3. */
function FakeChooser({ storeId, onStoreChange }: StoreChoiceProps) {
  return <button type="button" onClick={() => onStoreChange(3)}>{`Store ${storeId ?? 'default'}`}</button>;
}

function setup(cart: Cart) {
  writeLoginRecord({ id: 1, email: profile.email, role: 'customer', displayName: 'Rina', photoUrl: null });
  const stub = stubFetch((url, request) => {
    if (url.pathname === '/api/v1/orders' && request.method === 'POST') return jsonResponse({ data: createOrder() }, 201);
    if (url.pathname === '/api/v1/cart/delivery') return jsonResponse({ data: { ...cart, ...(request.body as object) } });
    if (url.pathname === '/api/v1/cart') return jsonResponse({ data: cart });
    return jsonResponse({ message: 'not found' }, 404);
  });
  renderRoutes(
    [{ path: '/payment', element: <Checkout profile={profile} profileLoading={false} shop={createShopSettings()} StoreChoice={FakeChooser} /> }],
    '/payment',
  );
  return stub;
}

const lines = [createCartLine({ id: 1, name: 'Kopi Susu', quantity: 1, unitPriceIdr: 25_000 })];

describe('Checkout and the store the cart remembers', () => {
  it('opens on the cart’s store and orders from it', async () => {
    const user = userEvent.setup();
    const { requests } = setup(createCart({ lines, storeId: 2 }));
    expect(await screen.findByRole('button', { name: 'Store 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    await screen.findByRole('heading', { name: 'Thank you, your order is placed!' });
    const post = requests.find((r) => r.url.pathname === '/api/v1/orders');
    expect((post?.body as { storeId?: number }).storeId).toBe(2);
  });

  it('saves a newly chosen store to the cart', async () => {
    const user = userEvent.setup();
    const { requests } = setup(createCart({ lines }));
    await user.click(await screen.findByRole('button', { name: 'Store default' }));
    expect(await screen.findByRole('button', { name: 'Store 3' })).toBeTruthy();
    const put = requests.find((r) => r.url.pathname === '/api/v1/cart/delivery');
    expect(put?.body).toMatchObject({ storeId: 3 });
  });
});
