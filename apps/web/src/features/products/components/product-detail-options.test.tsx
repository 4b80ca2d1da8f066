import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it, vi } from 'vitest';
import type { OptionGroup } from '@coffee/contract';
import { i18n } from '../../../lib/i18n';
import { createProduct } from '../../../testing/product-factory';
import { ProductDetail } from './product-detail';
import type { ProductSelection } from './product-detail';

const groups: OptionGroup[] = [
  {
    id: 1,
    name: 'Milk',
    minChoices: 1,
    maxChoices: 1,
    options: [
      { id: 11, name: 'Regular milk', priceDeltaIdr: 0, isDefault: true },
      { id: 12, name: 'Oat milk', priceDeltaIdr: 8_000, isDefault: false },
    ],
  },
  {
    id: 2,
    name: 'Sugar',
    minChoices: 1,
    maxChoices: 1,
    options: [
      { id: 21, name: 'Normal sugar', priceDeltaIdr: 0, isDefault: true },
      { id: 22, name: 'Less sugar', priceDeltaIdr: 0, isDefault: false },
    ],
  },
  { id: 3, name: 'Extra shot', minChoices: 0, maxChoices: 1, options: [{ id: 31, name: 'Extra espresso shot', priceDeltaIdr: 8_000, isDefault: false }] },
  {
    id: 4,
    name: 'Syrup',
    minChoices: 0,
    maxChoices: 2,
    options: [
      { id: 41, name: 'Hazelnut syrup', priceDeltaIdr: 5_000, isDefault: false },
      { id: 42, name: 'Vanilla syrup', priceDeltaIdr: 5_000, isDefault: false },
      { id: 43, name: 'Gula aren syrup', priceDeltaIdr: 5_000, isDefault: false },
    ],
  },
];

const latte = createProduct({ id: '7', name: 'Creamy Ice Latte', price: 27, optionGroups: groups });
// The factory prices R 27, L 32, XL 37 (thousands).

function setup() {
  const onAddToCart = vi.fn<(selection: ProductSelection) => Promise<void>>(() => Promise.resolve());
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <ProductDetail product={latte} onAddToCart={onAddToCart} />
      </MemoryRouter>
    </I18nProvider>,
  );
  const price = () => screen.getByRole('heading', { level: 1 }).nextElementSibling?.textContent;
  return { onAddToCart, price };
}

describe('the option chooser on the product page', () => {
  it('shows each group with accessible radios or checkboxes, the defaults chosen', () => {
    setup();
    const milk = screen.getByRole('group', { name: 'Milk' });
    expect(within(milk).getByRole('radio', { name: 'Regular milk' })).toHaveProperty('checked', true);
    expect(within(milk).getByRole('radio', { name: /Oat milk/ })).toHaveProperty('checked', false);
    expect(within(screen.getByRole('group', { name: 'Extra shot' })).getByRole('checkbox', { name: /Extra espresso shot/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Note to the barista' })).toBeTruthy();
  });

  it('updates the price as options are chosen, and sends the choice and the note with the line', async () => {
    const user = userEvent.setup();
    const { onAddToCart, price } = setup();
    expect(price()).toBe('IDR 27.000');

    await user.click(screen.getByRole('radio', { name: 'Large' }));
    expect(price()).toBe('IDR 32.000');
    await user.click(screen.getByRole('radio', { name: /Oat milk/ }));
    await user.click(screen.getByRole('radio', { name: 'Less sugar' }));
    await user.click(screen.getByRole('checkbox', { name: /Extra espresso shot/ }));
    expect(price()).toBe('IDR 48.000');
    await user.type(screen.getByRole('textbox', { name: 'Note to the barista' }), 'Extra hot please');

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledTimes(1);
    expect(onAddToCart.mock.calls[0]?.[0].lines).toEqual([
      { productId: 7, size: 'L', quantity: 1, optionIds: [12, 22, 31], baristaNote: 'Extra hot please' },
    ]);
  });

  it('lets a customer pick no more syrups than the group allows', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('checkbox', { name: /Hazelnut syrup/ }));
    await user.click(screen.getByRole('checkbox', { name: /Vanilla syrup/ }));
    expect(screen.getByRole('checkbox', { name: /Gula aren syrup/ })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: /Vanilla syrup/ }));
    expect(screen.getByRole('checkbox', { name: /Gula aren syrup/ })).toHaveProperty('disabled', false);
  });
});
