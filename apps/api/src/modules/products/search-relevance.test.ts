import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MENU } from '../../seed/menu.js';
import { createProduct } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.js';
import { createProductRepository } from './products.repository.js';
import { createProductService, type ProductService } from './products.service.js';

/**
 * What customers type into the search box of the demo menu, in English and Indonesian, with their typos, and the
 * product they expect first. Run through the real service and database, so the menu order that breaks ties
 * between equal matches is the one the shop answers with.
 */
let testDb: TestDatabase;
let service: ProductService;

beforeAll(async () => {
  testDb = await createTestDatabase();
  for (const item of DEMO_MENU) {
    await createProduct(testDb.database, {
      name: item.name,
      description: item.description,
      category: item.category,
      priceIdr: item.price * 1000,
      isFavorite: item.isFavorite,
      isPromo: item.isPromo,
      isSoldOut: item.isSoldOut,
    });
  }
  service = createProductService({ productRepository: createProductRepository(testDb.database.db) });
});
afterAll(async () => {
  await testDb.drop();
});

const search = async (text: string) => (await service.listProducts({ search: text, page: 1, limit: 100 })).items;
const names = async (text: string) => (await search(text)).map((product) => product.name);

describe('the first result of what customers type', () => {
  it.each([
    // Names as printed, in any order, and their beginnings.
    ['espresso', 'Espresso'],
    ['caffè latte', 'Caffè Latte'],
    ['latte hazelnut', 'Hazelnut Latte'],
    ['americano', 'Iced Americano'],
    ['kopi susu', 'Kopi Susu Pandan'],
    ['es kopi susu', 'Es Kopi Susu Gula Aren'],
    ['kopi gula aren', 'Es Kopi Susu Gula Aren'],
    ['tubruk', 'Kopi Tubruk'],
    ['alpukat', 'Es Kopi Alpukat'],
    ['matcha', 'Matcha Latte'],
    ['thai tea', 'Thai Tea'],
    ['teh tarik', 'Teh Tarik'],
    ['jeruk', 'Es Jeruk Peras'],
    ['jahe', 'Wedang Jahe'],
    ['hot chocolate', 'Hot Chocolate'],
    ['almond croissant', 'Almond Croissant'],
    ['pisang goreng', 'Pisang Goreng Keju Cokelat'],
    ['nasi goreng', 'Nasi Goreng Kampung'],
    ['mie goreng', 'Mie Goreng Jawa'],
    ['roti bakar', 'Roti Bakar Cokelat Keju'],
    ['kentang', 'Kentang Goreng'],
    ['cheesecake', 'Basque Burnt Cheesecake'],
    ['donat', 'Donat Meses'],
    ['banana bread', 'Banana Bread'],
    ['boba milk', 'Brown Sugar Boba Milk'],
    ['tumbler', 'Reusable Tumbler'],
    ['sambal', 'Extra Sambal Matah'],
    ['drip bag', 'Toraja Drip Bags (5 pcs)'],
    // Without the accent.
    ['caffe', 'Caffè Latte'],
    ['caffe latte', 'Caffè Latte'],
    // Typos: one from 4 letters, two from 8.
    ['capucino', 'Cappuccino'],
    ['cappucino', 'Cappuccino'],
    ['expresso', 'Espresso'],
    ['esspresso', 'Espresso'],
    ['cafe latte', 'Caffè Latte'],
    ['machiato', 'Caramel Macchiato'],
    ['mocca', 'Iced Mocha'],
    ['hazlenut late', 'Hazelnut Latte'],
    ['crossant', 'Butter Croissant'],
    ['chiken wing', 'Spicy Chicken Wings'],
    ['donut', 'Donat Meses'],
    // Words only in the description.
    ['avocado', 'Es Kopi Alpukat'],
    ['marshmallow', 'Hot Chocolate'],
    ['ginger', 'Wedang Jahe'],
    ['fried rice', 'Nasi Goreng Kampung'],
    // "kopi" names the coffee tab, yet with "biji" (beans) it finds the beans on the Add-On shelf.
    ['biji kopi', 'Gayo Arabica Beans 250 g'],
    // A word that names a category narrows; the other words still rank by name.
    ['iced coffee', 'Iced Americano'],
    ['teh', 'Teh Tarik'],
    ['tea', 'Lemon Tea'], // the tea drinks by name, in the menu order
  ])('%s -> %s', async (text, expected) => {
    expect((await names(text))[0]).toBe(expected);
  });
});

describe('words that name a category', () => {
  const inCategory = (category: string) => DEMO_MENU.filter((item) => item.category === category).map((item) => item.name);

  it.each([
    ['coffee', 'coffee'],
    ['kopi', 'coffee'],
    ['cofee', 'coffee'],
    ['non-coffee', 'non-coffee'],
    ['teh', 'non-coffee'],
    ['tea', 'non-coffee'],
    ['food', 'foods'],
    ['makanan', 'foods'],
    ['snack', 'foods'],
    ['add-on', 'add-on'],
    ['tambahan', 'add-on'],
  ])('%s finds every product of %s before anything else', async (text, category) => {
    const found = await names(text);
    const expected = inCategory(category);
    expect(found.slice(0, expected.length).sort()).toEqual([...expected].sort());
  });

  it('coffee finds Cappuccino, Espresso and Caffè Latte', async () => {
    expect(await names('coffee')).toEqual(expect.arrayContaining(['Cappuccino', 'Espresso', 'Caffè Latte']));
  });

  it('minuman finds every drink and no food', async () => {
    const found = await names('minuman');
    const drinks = DEMO_MENU.filter((item) => item.category === 'coffee' || item.category === 'non-coffee');
    expect(found.sort()).toEqual(drinks.map((item) => item.name).sort());
  });
});

describe('ranking', () => {
  it('puts the exact name first, then names that begin with the words, then names that hold them', async () => {
    // Hot Chocolate comes first in the menu order, but Chocolate Chip Cookies begins with the word.
    expect((await names('chocolate')).slice(0, 2)).toEqual(['Chocolate Chip Cookies', 'Hot Chocolate']);
    expect((await names('kopi')).slice(0, 4)).toEqual(['Kopi Susu Pandan', 'Kopi Tubruk', 'Es Kopi Susu Gula Aren', 'Es Kopi Alpukat']);
  });

  it('keeps two typos for words of 8 letters or more', async () => {
    expect(await names('capucino')).toEqual(['Cappuccino']);
    expect(await names('lattttee')).toEqual([]);
    expect(await names('tubrukk')).toEqual(['Kopi Tubruk']);
    expect(await names('hzlenut')).toEqual([]);
  });

  it('still needs every word', async () => {
    expect(await names('cappuccino croissant')).toEqual([]);
    expect(await names('kopi makanan')).toEqual([]);
  });
});
