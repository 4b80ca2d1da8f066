import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductPicture } from './product-picture';

describe('ProductPicture', () => {
  it("shows the product's picture, named after the product", () => {
    render(<ProductPicture name="Hazelnut Latte" category="coffee" imageUrl="/uploads/images/latte.webp" />);

    expect(screen.getByRole('img', { name: 'Hazelnut Latte' }).getAttribute('src')).toBe('/uploads/images/latte.webp');
  });

  it('keeps the place with a named placeholder when there is no picture, or it fails to load', () => {
    const { rerender } = render(<ProductPicture name="Cold Brew" category="coffee" imageUrl={null} />);
    expect(screen.getByRole('img', { name: 'Cold Brew' }).tagName).toBe('DIV');

    rerender(<ProductPicture name="Butter Croissant" category="foods" imageUrl="/uploads/images/gone.webp" />);
    fireEvent.error(screen.getByRole('img', { name: 'Butter Croissant' }));
    expect(screen.getByRole('img', { name: 'Butter Croissant' }).tagName).toBe('DIV');
    expect(document.querySelector('img')).toBeNull();
  });

  it('stays out of the accessibility tree when the name is written beside it', () => {
    const { container } = render(<ProductPicture name="Hazelnut Latte" category="coffee" imageUrl={null} alt="" />);

    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
