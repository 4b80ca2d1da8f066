import type { ReactElement } from 'react';
import { render as renderBare, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../testing/product-factory';
import { Favorites } from './favorites';
import { i18n } from '../../../lib/i18n';

// The components read their words from Lingui, as under the app's provider.
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });

const renderFavorites = (product: Parameters<typeof Favorites>[0]['product']) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Favorites product={product} /> }])} />);

describe('Favorites', () => {
  it("shows the favourite's own picture on each card, and Order Now opens its page", () => {
    const latte = createProduct({ id: 7, name: 'Hazelnut Latte', picture: 'latte.webp' });
    const { container } = renderFavorites(latte);

    const pictures = [...container.querySelectorAll('img')];
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual(Array(3).fill('/uploads/images/latte.webp'));
    // The card's heading names the drink, so the pictures are not announced again.
    expect(pictures.every((img) => img.getAttribute('alt') === '')).toBe(true);
    expect(screen.getAllByRole('link', { name: /^Order Now: Hazelnut Latte/ })[0]?.getAttribute('href')).toBe('/products/7');
  });

  it('keeps the cards in place, opening the menu, until the favourite has loaded', () => {
    const { container } = renderFavorites(undefined);

    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(screen.getAllByRole('heading', { name: 'Hazelnut Latte' })).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: /^Order Now: Hazelnut Latte/ })[0]?.getAttribute('href')).toBe('/products');
  });
});
