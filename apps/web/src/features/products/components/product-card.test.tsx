import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { ProductCard } from './product-card';

const renderCard = (product: ReturnType<typeof createProduct>) =>
  renderRoutes([{ path: '/', element: <ProductCard product={product} /> }], '/');

describe('ProductCard prices', () => {
  it('shows a promotion as the lower price with the regular one struck through', async () => {
    renderCard(createProduct({ name: 'Pinky Promise', isPromo: true, price: 25, promoPercentOff: 20, promoPrice: 20, promoPriceIdr: 20_000 }));

    const charged = await screen.findByText('IDR 20.000');
    expect(charged.closest('s')).toBeNull();
    const regular = screen.getByText('IDR 25.000');
    expect(regular.closest('s')).not.toBeNull();
    // Screen readers hear which price is no longer charged.
    expect(regular.closest('s')?.textContent).toBe('Regular price IDR 25.000');
  });

  it('shows one price, not struck, for a product without a promotional price', async () => {
    renderCard(createProduct({ name: 'Cold Brew', price: 34 }));

    const price = await screen.findByText('IDR 34.000');
    expect(price.closest('s')).toBeNull();
    expect(screen.queryByText(/Regular price/)).toBeNull();
  });
});
