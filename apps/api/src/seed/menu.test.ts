import { CATEGORIES, OptionGroupInput } from '@coffee/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PICTURE_SIZE, renderProductSvg } from './product-art.js';
import { DEMO_MENU, DEMO_OPTION_GROUPS, demoOptionGroupsOf, type DemoProduct } from './menu.js';

const byName = (name: string): DemoProduct => {
  const product = DEMO_MENU.find((p) => p.name === name);
  if (!product) throw new Error(`${name} is missing from the demo menu`);
  return product;
};

const isDrink = (p: DemoProduct) => p.category === 'coffee' || p.category === 'non-coffee';

describe("demo menu's drawings", () => {
  it.each(DEMO_MENU.map((p) => [p.name, p] as const))('%s has a drawing sharp decodes', async (_name, product) => {
    const meta = await sharp(Buffer.from(renderProductSvg(product.art))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', PICTURE_SIZE, PICTURE_SIZE]);
  });

  it('draws every product to its own picture', () => {
    const svgs = new Set(DEMO_MENU.map((p) => renderProductSvg(p.art)));
    expect(svgs.size).toBe(DEMO_MENU.length);
  });
});

describe('demo menu', () => {
  it('has 38 to 48 products with unique names', () => {
    expect(DEMO_MENU.length).toBeGreaterThanOrEqual(38);
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
    // The Add-On tab is never empty on a fresh start.
    expect(count('add-on')).toBeGreaterThanOrEqual(4);
    expect(count('add-on')).toBeLessThanOrEqual(6);
  });

  it('sells add-ons for the shelf, in one size and without options, never a drink option as a product', () => {
    const addOns = DEMO_MENU.filter((p) => p.category === 'add-on');
    const optionNames = new Set(Object.values(DEMO_OPTION_GROUPS).flatMap((g) => g.options.map((o) => o.name.toLowerCase())));

    expect(addOns.map((p) => p.name)).toEqual(expect.arrayContaining(['Gayo Arabica Beans 250 g', 'Reusable Tumbler']));
    for (const product of addOns) {
      expect(product.sizes, product.name).toBeNull();
      expect(demoOptionGroupsOf(product), product.name).toEqual([]);
      expect(optionNames.has(product.name.toLowerCase()), product.name).toBe(false);
      // Milk, extra shots and syrups are options of the drinks now, not products of their own.
      expect(product.name, product.name).not.toMatch(/\b(milk|shot|syrup|sauce|boba|whipped|foam|jelly)\b/i);
    }
  });

  it('offers the old add-ons as valid option groups on the drinks, and none on foods', () => {
    for (const group of Object.values(DEMO_OPTION_GROUPS)) expect(OptionGroupInput.safeParse(group).success, group.name).toBe(true);
    expect(demoOptionGroupsOf(byName('Creamy Ice Latte'))).toEqual(['milk', 'sugar', 'ice', 'shot', 'syrup', 'toppings']);
    expect(demoOptionGroupsOf(byName('Iced Americano'))).toEqual(['sugar', 'ice', 'shot', 'syrup']);
    expect(demoOptionGroupsOf(byName('Butter Croissant'))).toEqual([]);
    for (const product of DEMO_MENU.filter(isDrink)) expect(demoOptionGroupsOf(product).length, product.name).toBeGreaterThan(0);
    const oat = DEMO_OPTION_GROUPS.milk.options.find((o) => o.name === 'Oat milk');
    expect(oat).toMatchObject({ priceDeltaIdr: 8_000 });
  });

  it('keeps the products and prices the home and checkout screens show', () => {
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
    // An add-on runs from a pot of sambal to a bag of beans or a tumbler.
    const ranges = { coffee: [18, 45], 'non-coffee': [15, 45], foods: [15, 55], 'add-on': [5, 150] } as const;
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
