import { CATEGORIES, type Category } from '@coffee/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ART_KINDS, PICTURE_SIZE, artForProduct, renderProductPng, renderProductSvg, type ArtSpec } from './product-art.js';

/** A grey placeholder has an entropy near 1 and little contrast; the drawings sit around 4 with strong contrast. */
async function expectRealDrawing(picture: Buffer): Promise<void> {
  const { entropy, channels } = await sharp(picture).stats();
  expect(entropy).toBeGreaterThan(3);
  expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
}

describe('renderProductSvg', () => {
  const latte: ArtSpec = { kind: 'iced-glass', color: '#C28C5C', accent: '#6A4029', backdrop: '#FFE3A3', toppings: ['ice'] };

  it.each(ART_KINDS)('draws a %s as a self-contained SVG that sharp decodes', async (kind) => {
    const svg = renderProductSvg({ ...latte, kind });

    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    // Nothing fetched or font-dependent: no text, no links, and every url() points inside the document.
    expect(svg).not.toMatch(/<text|<image|href=|@import|font-family/);
    expect(svg.match(/url\((?!#)/g)).toBeNull();
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', PICTURE_SIZE, PICTURE_SIZE]);
  });

  it('draws the same spec to the same bytes', () => {
    expect(renderProductSvg(latte)).toBe(renderProductSvg({ ...latte }));
    expect(renderProductSvg(latte)).not.toBe(renderProductSvg({ ...latte, color: '#B5D196' }));
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

describe('artForProduct', () => {
  it.each([
    ['Iced Matcha Latte', 'non-coffee', 'iced-glass'],
    ['Es Kopi Susu', 'coffee', 'iced-glass'],
    ['Brown Sugar Boba', 'non-coffee', 'plastic-cup'],
    ['Double Espresso', 'coffee', 'small-cup'],
    ['Flat White', 'coffee', 'hot-cup'],
    ['Hot Chocolate', 'non-coffee', 'mug'],
    ['Spicy Chicken Wings', 'foods', 'wings'],
    ['Nasi Goreng Seafood', 'foods', 'fried-rice'],
    ['Mie Ayam', 'foods', 'noodles'],
    ['Red Velvet Cake', 'foods', 'cake-slice'],
    ['Fried Rice Bowl', 'foods', 'fried-rice'],
    ['Gado-gado', 'foods', 'rice-bowl'],
    ['Vanilla Syrup', 'add-on', 'bottle'],
    ['Extra Shot', 'add-on', 'shot'],
    ['Oat Milk', 'add-on', 'carton'],
    ['Mystery Topping', 'add-on', 'ramekin'],
    ['Stainless Tumbler 500 ml', 'add-on', 'tumbler'],
    ['Biji Kopi Kintamani', 'add-on', 'coffee-bag'],
    ['Flores Drip Bag', 'add-on', 'coffee-bag'],
  ] as const)('draws "%s" (%s) as a %s', (name, category, kind) => {
    expect(artForProduct(name, category).kind).toBe(kind);
  });

  it('reads flavours from whole words: matcha is green, "rice" is not iced', () => {
    expect(artForProduct('Matcha Latte', 'non-coffee').color).toBe('#B5D196');
    expect(artForProduct('Strawberry Milk', 'non-coffee').color).not.toBe(artForProduct('Matcha Latte', 'non-coffee').color);
    expect(artForProduct('Rice Bowl Teriyaki', 'foods').toppings ?? []).not.toContain('ice');
    expect(artForProduct('Americano', 'coffee').toppings ?? []).not.toContain('ice');
  });

  it('gives the same name the same picture, and different names different ones', () => {
    expect(renderProductSvg(artForProduct('Kopi Aren', 'coffee'))).toBe(renderProductSvg(artForProduct('Kopi Aren', 'coffee')));
    const names = ['Kopi Aren', 'Kopi Tubruk Special', 'Nasi Uduk', 'Roti Sobek', 'Kerupuk'];
    const categories: Category[] = ['coffee', 'coffee', 'foods', 'foods', 'add-on'];
    const svgs = new Set(names.map((name, i) => renderProductSvg(artForProduct(name, categories[i] ?? 'foods'))));
    expect(svgs.size).toBe(names.length);
  });

  it.each(CATEGORIES)('draws a real 640x640 picture for any %s name, even an unknown one', async (category) => {
    const png = await renderProductPng(artForProduct('Zzyzx Special ☕', category));

    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 640, 640]);
    await expectRealDrawing(png);
  });
});
