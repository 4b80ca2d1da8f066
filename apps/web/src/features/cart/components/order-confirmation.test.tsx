import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startLanguage } from '../../../lib/i18n';
import type { Order } from '@coffee/contract';
import { createOrder, createSummary } from '../../../testing/order-factory';
import { renderRoutes } from '../../../testing/render';
import { OrderConfirmation } from './order-confirmation';

const renderConfirmation = (order: Order) => renderRoutes([{ path: '/payment', element: <OrderConfirmation order={order} /> }], '/payment');

/** The figure a label names on the thank-you screen, as read on the page. */
const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('OrderConfirmation', () => {
  it("shows the coupon's line with the amount the shop took off this order, above the total it charged", async () => {
    // Deliberately not what the subtotal's figures would give: the screen must show what the server answered.
    const summary = createSummary({ subtotalIdr: 76_000, discountIdr: 37_500, discountLabel: 'Happy Halloween', taxAndFeesIdr: 3_800, totalIdr: 42_300 });
    renderConfirmation(createOrder({ id: 52, summary }));

    await screen.findByRole('heading', { name: 'Thank you, your order is placed!' });
    expect(figure('Coupon: Happy Halloween')).toBe('-minus IDR 37.500');
    expect(figure('Total')).toBe('IDR 42.300');
    const labels = Array.from(document.querySelectorAll('dt'), (dt) => dt.textContent);
    expect(labels.indexOf('Coupon: Happy Halloween')).toBe(labels.indexOf('Total') - 1);
  });

  it('names the line plainly when the server sends no coupon name', async () => {
    renderConfirmation(createOrder({ summary: createSummary({ discountIdr: 5_000, discountLabel: null }) }));
    await screen.findByRole('heading', { name: 'Thank you, your order is placed!' });
    expect(figure('Coupon: discount')).toBe('-minus IDR 5.000');
  });

  it('shows no coupon line when nothing was taken off', async () => {
    renderConfirmation(createOrder({ summary: createSummary({ subtotalIdr: 52_000, taxAndFeesIdr: 5_200, totalIdr: 57_200 }) }));
    await screen.findByRole('heading', { name: 'Thank you, your order is placed!' });
    expect(figure('Total')).toBe('IDR 57.200');
    expect(screen.queryByText(/Coupon/)).toBeNull();
    expect(screen.queryByText(/minus/)).toBeNull();
  });

  describe('in Indonesian', () => {
    afterEach(() => startLanguage('en', ['shop', 'account', 'staff', 'contract']));

    it('thanks, labels and prices the order in Indonesian', async () => {
      await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
      const summary = createSummary({ subtotalIdr: 76_000, discountIdr: 37_500, discountLabel: 'Happy Halloween', taxAndFeesIdr: 3_800, totalIdr: 42_300 });
      renderConfirmation(createOrder({ id: 52, summary }));

      await screen.findByRole('heading', { name: 'Terima kasih, pesanan Anda sudah dibuat!' });
      expect(screen.getByText('Kupon: Happy Halloween')).toBeTruthy();
      expect(figure('Total')).toBe('Rp42.300');
      expect(screen.getByRole('link', { name: 'Lacak pesanan ini' })).toBeTruthy();
    });
  });
});
