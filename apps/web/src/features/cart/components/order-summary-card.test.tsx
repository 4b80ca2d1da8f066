import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { createCart, createCartLine, createSummary } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { OrderSummaryCard } from './order-summary-card';

const coupon = { promotionId: 3, name: 'Happy Halloween', code: 'HALLOWEEN', picture: 'halloween' as const };

describe('the Order Summary with a coupon', () => {
  it('shows the coupon as its own line above the tax, with the TOTAL the server counted, and takes it off on request', async () => {
    const user = userEvent.setup();
    const cart = createCart({
      lines: [createCartLine({ unitPriceIdr: 38_000, quantity: 2 })],
      coupon: { ...coupon, discountIdr: 38_000, problem: null },
      summary: createSummary({ subtotalIdr: 76_000, discountIdr: 38_000, discountLabel: 'Happy Halloween', taxAndFeesIdr: 3_800 }),
    });
    const { requests } = stubFetch(() =>
      jsonResponse({ data: createCart({ lines: cart.lines, summary: createSummary({ subtotalIdr: 76_000, taxAndFeesIdr: 7_600 }) }) }),
    );
    renderRoutes([{ path: '/', element: <OrderSummaryCard cart={cart} /> }], '/');

    const figures = screen.getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(figures).toEqual([
      'SUBTOTAL: IDR 76.000',
      'COUPON: Happy Halloween: -minus IDR 38.000',
      'TAX & FEES: IDR 3.800',
      'SHIPPING: IDR 0',
      'TOTAL: IDR 41.800',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['DELETE /api/v1/cart/coupon']);
  });

  it('says why a coupon gives nothing yet, and why it was taken off', () => {
    stubFetch(() => jsonResponse({}));
    const waiting = createCart({ coupon: { ...coupon, discountIdr: 0, problem: 'Add Spicy Chicken Wings to use this coupon' } });
    const { unmount } = renderRoutes([{ path: '/', element: <OrderSummaryCard cart={waiting} /> }], '/');
    expect(screen.getByText('Add Spicy Chicken Wings to use this coupon')).toBeTruthy();
    expect(screen.queryByText(/COUPON:/)).toBeNull();
    unmount();

    const removed = createCart({ couponNote: 'The coupon Happy Halloween was removed from your cart. Add Spicy Chicken Wings to use this coupon.' });
    renderRoutes([{ path: '/', element: <OrderSummaryCard cart={removed} /> }], '/');
    expect(screen.getByText('The coupon Happy Halloween was removed from your cart. Add Spicy Chicken Wings to use this coupon.')).toBeTruthy();
  });
});
