import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@coffee/contract';
import { createQueryClient } from '../../../app/providers';
import { ApiError } from '../../../lib/api-client';
import { i18n, startLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../testing/fetch-stub';
import { createCart, createSummary } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { createPromotions } from '../../../testing/promotion-factory';
import { PromoPanel } from './promo-panel';

function renderPanel(onApply?: (code: string) => Promise<Cart>) {
  stubFetch(() => jsonResponse({ data: createPromotions() }));
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <PromoPanel onApply={onApply} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const coupon = { promotionId: 3, name: 'Happy Halloween', code: 'HALLOWEEN', picture: 'halloween' as const };

describe('Promo Today', () => {
  it("shows the shop's coupons and, once one is chosen, its own terms", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: /Sunday Morning Coffee/ }));
    const terms = screen.getByRole('list', { name: 'Terms of Sunday Morning Coffee' });
    expect(within(terms).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Available on Sundays 07:00-09:00',
      'For Dine in orders only',
      'Member card needed (earned when your delivered orders reach IDR 200.000)',
    ]);
  });

  it('Apply Coupon puts the chosen coupon on the cart and says what it takes off', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn((_code: string) =>
      Promise.resolve(createCart({ coupon: { ...coupon, discountIdr: 38_000, problem: null }, summary: createSummary({ discountIdr: 38_000 }) })),
    );
    renderPanel(onApply);
    await user.click(await screen.findByRole('radio', { name: /Happy Halloween/ }));
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(onApply).toHaveBeenCalledWith('HALLOWEEN');
    expect(await screen.findByText('Happy Halloween is on your cart: IDR 38.000 off your order.')).toBeTruthy();
  });

  it("says what the cart still needs, and shows the shop's refusal in its own words", async () => {
    const user = userEvent.setup();
    const onApply = vi
      .fn<(code: string) => Promise<Cart>>()
      .mockResolvedValueOnce(createCart({ coupon: { ...coupon, discountIdr: 0, problem: 'Add Spicy Chicken Wings to use this coupon' } }))
      .mockRejectedValueOnce(new ApiError(400, 'This coupon is for Dine in orders'));
    renderPanel(onApply);
    await user.click(await screen.findByRole('radio', { name: /Happy Halloween/ }));
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(await screen.findByText('Happy Halloween is on your cart. Add Spicy Chicken Wings to use this coupon.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(await screen.findByText('This coupon is for Dine in orders')).toBeTruthy();
  });

  describe('in Indonesian', () => {
    afterEach(() => startLanguage('en', ['shop', 'account', 'staff', 'contract']));

    it('speaks Indonesian, the shop terms and the discount in rupiah as Indonesians write them', async () => {
      await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
      const user = userEvent.setup();
      const onApply = vi.fn((_code: string) =>
        Promise.resolve(createCart({ coupon: { ...coupon, discountIdr: 38_000, problem: null }, summary: createSummary({ discountIdr: 38_000 }) })),
      );
      renderPanel(onApply);
      expect(screen.getByRole('heading', { name: 'Promo Hari Ini' })).toBeTruthy();
      expect(within(screen.getByRole('list', { name: 'Syarat semua kupon' })).getAllByRole('listitem')[0]?.textContent).toBe('1 kupon per hari');
      await user.click(await screen.findByRole('radio', { name: /Happy Halloween/ }));
      await user.click(screen.getByRole('button', { name: 'Pakai Kupon' }));
      expect(await screen.findByText('Happy Halloween sudah terpasang di keranjang Anda: hemat Rp38.000 untuk pesanan Anda.')).toBeTruthy();
    });
  });
});
