import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { CATEGORIES } from '@coffee/contract';
import { DEMO_MENU } from './menu.js';
import type { DemoProduct } from './menu.js';
import { PICTURE_SIZE, renderProductPicture, renderProductSvg } from './product-art.js';
import type { ArtSpec } from './product-art.js';

const byName = (name: string): DemoProduct => {
  const product = DEMO_MENU.find((p) => p.name === name);
  if (!product) throw new Error(`${name} is missing from the demo menu`);
  return product;
};

const isDrink = (p: DemoProduct) => p.category === 'coffee' || p.category === 'non-coffee';

describe('demo menu pictures', () => {
  it.each(DEMO_MENU.map((p) => [p.name, p] as const))('%s renders to a self-contained SVG that sharp decodes', async (_name, product) => {
    const svg = renderProductSvg(product.art);

    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    // Nothing fetched or font-dependent: no text, no links, and every url() points inside the document.
    expect(svg).not.toMatch(/<text|<image|href=|@import|font-family/);
    expect(svg.match(/url\((?!#)/g)).toBeNull();

    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta.format).toBe('svg');
    expect([meta.width, meta.height]).toEqual([PICTURE_SIZE, PICTURE_SIZE]);
  });

  it.each(DEMO_MENU.map((p) => [p.name, p] as const))('%s becomes a 640x640 WebP with a real drawing in it', async (_name, product) => {
    const webp = await renderProductPicture(product.art);

    const meta = await sharp(webp).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([640, 640]);

    // A grey disc on a grey square (a placeholder) has an entropy near 1 and little contrast;
    // the illustrations sit around 4, with strong contrast in at least one colour channel.
    const { entropy, channels } = await sharp(webp).stats();
    expect(entropy).toBeGreaterThan(3);
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
  });

  it('draws the same spec to the same bytes, and every product to its own picture', () => {
    const hazelnut = byName('Hazelnut Latte').art;
    expect(renderProductSvg(hazelnut)).toBe(renderProductSvg({ ...hazelnut }));

    const svgs = new Set(DEMO_MENU.map((p) => renderProductSvg(p.art)));
    expect(svgs.size).toBe(DEMO_MENU.length);
  });

  it('draws the toppings it is asked for', () => {
    const plain: ArtSpec = { kind: 'iced-glass', color: '#C28C5C', accent: '#6A4029', backdrop: '#FFE3A3' };
    const withCream = renderProductSvg({ ...plain, toppings: ['whipped', 'banana'] });

    expect(withCream.length).toBeGreaterThan(renderProductSvg(plain).length);
    // Banana slices are drawn in their own pale yellow.
    expect(withCream).toContain('#FBEDB3');
    expect(renderProductSvg(plain)).not.toContain('#FBEDB3');
  });

  it('refuses colours that are not plain hex, naming the field', () => {
    const art: ArtSpec = { kind: 'mug', color: '#6B3A20', accent: '#B3263A', backdrop: '#F6D5D3' };

    expect(() => renderProductSvg({ ...art, accent: 'red"/><script>' })).toThrow('art.accent must be a #rrggbb colour');
    expect(() => renderProductSvg({ ...art, topColor: '#fff' })).toThrow('art.topColor');
    expect(() => renderProductSvg({ ...art, kind: 'teapot' as ArtSpec['kind'] })).toThrow('art.kind');
  });
});

describe('demo menu', () => {
  it('has 44 to 48 products with unique names', () => {
    expect(DEMO_MENU.length).toBeGreaterThanOrEqual(44);
    expect(DEMO_MENU.length).toBeLessThanOrEqual(48);
    const names = DEMO_MENU.map((p) => p.name.trim().toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers every category with enough products', () => {
    const count = (category: string) => DEMO_MENU.filter((p) => p.category === category).length;

    expect(DEMO_MENU.every((p) => (CATEGORIES as readonly string[]).includes(p.category))).toBe(true);
    expect(count('coffee')).toBeGreaterThanOrEqual(12);
    expect(count('non-coffee')).toBeGreaterThanOrEqual(10);
    expect(count('foods')).toBeGreaterThanOrEqual(10);
    expect(count('add-on')).toBeGreaterThanOrEqual(8);
  });

  it("keeps the spec's products and prices", () => {
    const hazelnut = byName('Hazelnut Latte');
    expect(hazelnut).toMatchObject({ category: 'coffee', price: 34, isFavorite: true, isSoldOut: false });
    expect(hazelnut.description).toMatch(/hazelnut syrup/i);
    expect(hazelnut.description).toMatch(/whipped cream/i);
    expect(hazelnut.description).toMatch(/banana/i);

    expect(byName('Creamy Ice Latte')).toMatchObject({ category: 'coffee', price: 27, isSoldOut: false });
  });

  it('prices drinks by size: R is the list price, then L and XL cost more', () => {
    for (const product of DEMO_MENU.filter(isDrink)) {
      expect(product.sizes, product.name).not.toBeNull();
      const { R, L, XL } = product.sizes ?? { R: 0, L: 0, XL: 0 };
      expect(R, product.name).toBe(product.price);
      expect(L, product.name).toBeGreaterThan(R);
      expect(XL, product.name).toBeGreaterThan(L);
    }
    for (const product of DEMO_MENU.filter((p) => !isDrink(p))) expect(product.sizes, product.name).toBeNull();
  });

  it('uses realistic whole prices in thousands of rupiah', () => {
    const ranges = { coffee: [18, 45], 'non-coffee': [15, 45], foods: [15, 55], 'add-on': [5, 12] } as const;
    for (const product of DEMO_MENU) {
      const [min, max] = ranges[product.category];
      expect(Number.isInteger(product.price), product.name).toBe(true);
      expect(product.price, product.name).toBeGreaterThanOrEqual(min);
      expect(product.price, product.name).toBeLessThanOrEqual(max);
    }
  });

  it('marks a handful of favourites and promos across categories, and exactly two sold out', () => {
    const featured = DEMO_MENU.filter((p) => p.isFavorite || p.isPromo);
    expect(featured.length).toBeGreaterThanOrEqual(8);
    expect(featured.length).toBeLessThanOrEqual(12);
    expect(new Set(featured.map((p) => p.category)).size).toBeGreaterThanOrEqual(3);

    const soldOut = DEMO_MENU.filter((p) => p.isSoldOut).map((p) => p.name);
    expect(soldOut).toHaveLength(2);
    expect(soldOut).not.toContain('Hazelnut Latte');
    expect(soldOut).not.toContain('Creamy Ice Latte');
  });

  it('spreads the products over time so that "newest" sorts them', () => {
    const days = DEMO_MENU.map((p) => p.addedDaysAgo);
    expect(days.every((d) => Number.isInteger(d) && d >= 0)).toBe(true);
    expect(new Set(days).size).toBeGreaterThan(DEMO_MENU.length * 0.8);
  });

  it('describes every product in a sentence or two', () => {
    for (const product of DEMO_MENU) {
      expect(product.description.length, product.name).toBeGreaterThan(40);
      expect(product.description.length, product.name).toBeLessThan(220);
      expect(product.description, product.name).toMatch(/[.!]$/);
    }
  });
});
