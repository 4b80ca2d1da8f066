import { describe, expect, it } from 'vitest';
import { MatchTier, createSearchIndex, prefixEditDistance, toQueryWords, toWords, type SearchDocument } from './search.js';

const menu: SearchDocument[] = [
  { id: 1, name: 'Hazelnut Latte', description: 'Espresso with hazelnut syrup and vanilla whipped cream', category: 'coffee' },
  { id: 2, name: 'Cold Brew', description: 'Steeped for sixteen hours', category: 'coffee' },
  { id: 3, name: 'Caramel Macchiato', description: 'Vanilla, milk and a caramel drizzle', category: 'coffee' },
  { id: 4, name: 'Chicken Wings', description: 'Crispy wings with a honey glaze', category: 'foods' },
  { id: 5, name: 'Crème Brûlée', description: 'Burnt custard', category: 'foods' },
  { id: 6, name: 'Vanilla Milkshake', description: 'Thick and cold', category: 'non-coffee' },
  { id: 7, name: 'Cappuccino', description: 'Espresso and foam', category: 'coffee' },
  { id: 8, name: 'Grass Jelly', description: 'Lovely in iced coffee', category: 'add-on' },
];
const index = createSearchIndex(menu);
const ids = (query: string, docs = index) => docs.search(toQueryWords(query)).map((hit) => hit.id);

describe('toWords', () => {
  it('lowercases, drops accents and splits on anything that is not a letter or digit', () => {
    expect(toWords('Crème  BRÛLÉE!')).toEqual(['creme', 'brulee']);
    expect(toWords('non-coffee, 2 shots')).toEqual(['non', 'coffee', '2', 'shots']);
    expect(toWords(' ?! ')).toEqual([]);
  });

  it('gives one key for queries with the same words', () => {
    expect(toQueryWords('Latte  hazelnut latte')).toEqual(toQueryWords('hazelnut LATTE'));
  });

  it('keeps the names of the tabs as one word, however they are typed', () => {
    expect(toQueryWords('non-coffee')).toEqual(['noncoffee']);
    expect(toQueryWords('Non Coffee')).toEqual(['noncoffee']);
    expect(toQueryWords('add-ons')).toEqual(['addons']);
  });
});

describe('prefixEditDistance', () => {
  it.each([
    ['latte', 'latte', 0],
    ['lat', 'latte', 0], // a beginning
    ['lattee', 'latte', 1], // extra letter
    ['late', 'latte', 1], // missing letter
    ['lette', 'latte', 1], // wrong letter
    ['hazlenut', 'hazelnut', 1], // swapped neighbours
    ['hazle', 'hazelnut', 1], // a swap in a beginning
    ['capucino', 'cappuccino', 2], // two missing letters
  ])('%s -> %s: %i', (query, word, edits) => {
    expect(prefixEditDistance(query, word, 2)).toBe(edits);
  });

  it('stops at the bound', () => {
    expect(prefixEditDistance('latte', 'mocha', 1)).toBe(2);
    expect(prefixEditDistance('hzlenut', 'hazelnut', 1)).toBe(2);
  });

  it('compares whole words when asked', () => {
    expect(prefixEditDistance('drip', 'drinks', 1, true)).toBe(2);
    expect(prefixEditDistance('cofee', 'coffee', 1, true)).toBe(1);
  });
});

describe('SearchIndex.search', () => {
  it('ignores case, accents and word order', () => {
    expect(ids('HAZELNUT latte')).toEqual([1]);
    expect(ids('latte hazelnut')).toEqual([1]);
    expect(ids('creme brulee')).toEqual([5]);
  });

  it('finds a word from its beginning', () => {
    expect(ids('hazel')).toEqual([1]);
    expect(ids('mac')).toEqual([3]);
  });

  it('tolerates one wrong, missing, extra or swapped letter per word of 4 letters or more', () => {
    expect(ids('hazelnut lattee')).toEqual([1]);
    expect(ids('hazlenut')).toEqual([1]);
    expect(ids('hazelnt late')).toEqual([1]);
    expect(ids('carmel')).toEqual([3]);
    expect(ids('chiken wigns')).toEqual([4]);
    expect(ids('hazle')).toEqual([1]);
  });

  it('tolerates two typos from 8 letters, and none in short words', () => {
    expect(ids('capucino')).toEqual([7]);
    expect(ids('hzlenut')).toEqual([]); // 7 letters: one typo only
    expect(ids('wng')).toEqual([]);
  });

  it('needs every word of the query', () => {
    expect(ids('hazelnut wings')).toEqual([]);
  });

  it('finds a category from a word that names it, the category before mentions elsewhere', () => {
    expect(ids('coffee')).toEqual([1, 2, 3, 7, 8]);
    expect(ids('kopi')).toEqual([1, 2, 3, 7]);
    expect(ids('makanan')).toEqual([4, 5]);
    expect(ids('non-coffee')).toEqual([6]);
    expect(ids('cofee')).toEqual([1, 2, 3, 7, 8]);
  });

  it('ranks exact name, name beginning, name words, typos, description, category', () => {
    const docs = createSearchIndex([
      { id: 1, name: 'Cold Brew', description: 'Slow', category: 'coffee' }, // category only
      { id: 2, name: 'Tonic', description: 'Espresso over tonic', category: 'non-coffee' }, // description
      { id: 3, name: 'Espreso Martini', description: '', category: 'coffee' }, // a typo in the name
      { id: 4, name: 'Iced Espresso', description: '', category: 'coffee' }, // a word of the name
      { id: 5, name: 'Espresso Tonic', description: '', category: 'coffee' }, // the name's beginning
      { id: 6, name: 'Espresso', description: '', category: 'coffee' }, // the whole name
    ]);
    const hits = docs.search(toQueryWords('espresso'));
    expect(hits.map((hit) => hit.id)).toEqual([6, 5, 4, 3, 2]);
    expect(hits.map((hit) => hit.tier)).toEqual([
      MatchTier.exactName,
      MatchTier.namePrefix,
      MatchTier.nameWords,
      MatchTier.nameTypo,
      MatchTier.description,
    ]);
    expect(docs.search(toQueryWords('espresso coffee')).map((hit) => hit.id)).toEqual([6, 5, 4, 3]);
  });

  it('ranks exact name matches above typo name matches', () => {
    const docs = createSearchIndex([
      { id: 1, name: 'Milo', description: '', category: 'non-coffee' },
      { id: 2, name: 'Mild Roast', description: '', category: 'coffee' },
    ]);
    expect(ids('mild', docs)).toEqual([2, 1]);
  });

  it('keeps the given order between equally good matches', () => {
    const docs = [
      { id: 1, name: 'Iced Latte', description: '', category: 'coffee' },
      { id: 2, name: 'Hot Latte', description: '', category: 'coffee' },
      { id: 3, name: 'Hazelnut Latte', description: '', category: 'coffee' },
    ] satisfies SearchDocument[];
    expect(ids('lat', createSearchIndex(docs))).toEqual([1, 2, 3]);
    expect(ids('lat', createSearchIndex([...docs].reverse()))).toEqual([3, 2, 1]);
  });

  it('answers from a catalogue of thousands without scanning it', () => {
    const flavours = ['Hazelnut', 'Vanilla', 'Caramel', 'Pandan', 'Gula Aren', 'Matcha', 'Taro', 'Mocha'];
    const docs: SearchDocument[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      name: `${flavours[i % flavours.length] ?? ''} Latte ${i + 1}`,
      description: 'Espresso and milk',
      category: 'coffee',
    }));
    const big = createSearchIndex(docs);
    expect(big.search(toQueryWords('hazlenut latte 9'))[0]?.id).toBe(9);
    expect(big.search(toQueryWords('pandn')).length).toBe(1_250);
  });
});

describe('changing the index in place', () => {
  it('finds an added product by its new words, typos included, and forgets a removed one', () => {
    const docs = createSearchIndex(menu);
    docs.upsert({ id: 20, name: 'Klepon Latte', description: 'Pandan and palm sugar', category: 'coffee' });
    expect(ids('klepon', docs)).toEqual([20]);
    expect(ids('klepn', docs)).toEqual([20]);
    expect(ids('pandan', docs)).toEqual([20]);
    expect(ids('latte', docs)).toEqual([1, 20]);

    docs.remove(1);
    expect(ids('hazelnut', docs)).toEqual([]);
    expect(ids('latte', docs)).toEqual([20]);
    expect(docs.size).toBe(menu.length);
  });

  it('replaces what it held of a renamed product, and answers as an index built afresh would', () => {
    const docs = createSearchIndex(menu);
    docs.upsert({ id: 2, name: 'Nitro Brew', description: 'On tap', category: 'coffee' });
    expect(ids('cold', docs)).toEqual([6]);
    expect(ids('nitro', docs)).toEqual([2]);
    const fresh = createSearchIndex(menu.map((doc) => (doc.id === 2 ? { ...doc, name: 'Nitro Brew', description: 'On tap' } : doc)));
    for (const query of ['brew', 'coffee', 'espresso', 'vanila', 'on tap', 'cold']) {
      expect(ids(query, docs).sort(), query).toEqual(ids(query, fresh).sort());
    }
  });

  it('stays right through many changes, compacting its empty slots', () => {
    const docs = createSearchIndex(menu);
    for (let i = 0; i < 500; i++) docs.upsert({ id: 100 + (i % 50), name: `Pandan Latte ${i}`, description: '', category: 'coffee' });
    expect(ids('pandan', docs)).toHaveLength(50);
    expect(docs.footprint.slots).toBeLessThan(200);
    expect(docs.size).toBe(menu.length + 50);
  });
});

describe('SearchIndex.page', () => {
  const byName = { key: 'name', compare: (a: SearchDocument, b: SearchDocument) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id) };
  /** What page must give: search's ranking, equal matches in the list order, sliced. */
  const expected = (docs: ReturnType<typeof createSearchIndex>, query: string, keep: (doc: SearchDocument) => boolean, offset: number, limit: number) => {
    const byId = new Map(docs.search(toQueryWords(query)).map((hit) => [hit.id, hit.rank]));
    const all = menu.filter((doc) => byId.has(doc.id) && keep(doc));
    all.sort((a, b) => (byId.get(a.id) as number) - (byId.get(b.id) as number) || byName.compare(a, b));
    return { ids: all.slice(offset, offset + limit).map((doc) => doc.id), total: all.length };
  };

  it('lists one page of the best matches, equal ones in the list order, and counts every kept match', () => {
    const docs = createSearchIndex(menu);
    const coffee = (doc: SearchDocument) => doc.category === 'coffee';
    // Every coffee matches "coffee" equally (by its category): by name, Cappuccino before Caramel Macchiato.
    expect(docs.page(['coffee'], { order: byName, keep: coffee, offset: 0, limit: 2 })).toEqual({ ids: [7, 3], total: 4 });
    expect(docs.page(['coffee'], { order: byName, keep: coffee, offset: 2, limit: 2 })).toEqual({ ids: [2, 1], total: 4 });
    for (const query of ['coffee', 'vanilla', 'espresso', 'cold', 'capucino', 'wings']) {
      expect(docs.page(toQueryWords(query), { order: byName, offset: 0, limit: 3 }), query).toEqual(expected(docs, query, () => true, 0, 3));
    }
  });

  it('keeps its list orders right as products are added, renamed and removed', () => {
    const docs = createSearchIndex(menu);
    expect(docs.page(['coffee'], { order: byName, offset: 0, limit: 10 }).ids.slice(0, 4)).toEqual([7, 3, 2, 1]);
    docs.upsert({ id: 30, name: 'Affogato', description: 'Espresso over ice cream', category: 'coffee' });
    docs.upsert({ id: 7, name: 'Zebra Cappuccino', description: 'Espresso and foam', category: 'coffee' });
    docs.remove(3);
    const page = docs.page(['coffee'], { order: byName, keep: (doc) => doc.category === 'coffee', offset: 0, limit: 10 });
    expect(page).toEqual({ ids: [30, 2, 1, 7], total: 4 });
  });
});
