import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productImage } from '../../testing/product-factory';
import { PICTURE_SIZES, ProductPicture } from './product-picture';

describe('ProductPicture', () => {
  it("shows the product's picture, named after the product", () => {
    render(<ProductPicture name="Hazelnut Latte" category="coffee" imageUrl="/uploads/images/latte.webp" />);

    const picture = screen.getByRole('img', { name: 'Hazelnut Latte' });
    expect(picture.getAttribute('src')).toBe('/uploads/images/latte.webp');
    // A cart line knows only the address: one width, so no choice to describe.
    expect(picture.hasAttribute('srcset')).toBe(false);
    expect(picture.hasAttribute('sizes')).toBe(false);
  });

  it("offers the picture's widths from the answer, with its size, for the browser to load the one that fits", () => {
    const image = productImage('7', 'latte.webp');
    render(<ProductPicture name="Hazelnut Latte" category="coffee" imageUrl={image.url} image={image} />);

    const picture = screen.getByRole('img', { name: 'Hazelnut Latte' });
    expect(picture.getAttribute('src')).toBe('/uploads/images/latte.webp');
    expect(picture.getAttribute('srcset')).toBe(
      '/uploads/images/latte.w320.webp 320w, /uploads/images/latte.w640.webp 640w, /uploads/images/latte.webp 1200w',
    );
    expect(picture.getAttribute('sizes')).toBe('80px');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['1200', '1200']);
  });

  it.each([
    ['card', PICTURE_SIZES.card],
    ['page', PICTURE_SIZES.page],
    ['thumbnail', '80px'],
  ] as const)('says how wide it is drawn as a %s, or where the caller says', (shownAs, sizes) => {
    const image = productImage('7', 'latte.webp');
    const { rerender } = render(<ProductPicture name="Latte" category="coffee" imageUrl={image.url} image={image} shownAs={shownAs} />);
    expect(screen.getByRole('img', { name: 'Latte' }).getAttribute('sizes')).toBe(sizes);

    rerender(<ProductPicture name="Latte" category="coffee" imageUrl={image.url} image={image} shownAs={shownAs} sizes="144px" />);
    expect(screen.getByRole('img', { name: 'Latte' }).getAttribute('sizes')).toBe('144px');
  });

  it('keeps the eager, high-priority loading of a first-screen picture with its widths', () => {
    const image = productImage('7', 'latte.webp');
    render(<ProductPicture name="Latte" category="coffee" imageUrl={image.url} image={image} shownAs="page" priority />);

    const picture = screen.getByRole('img', { name: 'Latte' });
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
    expect(picture.getAttribute('srcset')).toBe(image.srcset);
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
