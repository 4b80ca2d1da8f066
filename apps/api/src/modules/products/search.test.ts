import { describe, expect, it } from 'vitest';
import { indexDocument, isWithinOneEdit, searchDocuments, toQueryWords, toWords, type SearchDocument } from './search.js';

const menu: SearchDocument[] = [
  { id: 1, name: 'Hazelnut Latte', description: 'Espresso with hazelnut syrup and vanilla whipped cream' },
  { id: 2, name: 'Cold Brew', description: 'Coffee steeped for sixteen hours' },
  { id: 3, name: 'Caramel Macchiato', description: 'Vanilla, milk and a caramel drizzle' },
  { id: 4, name: 'Chicken Wings', description: 'Crispy wings with a honey glaze' },
  { id: 5, name: 'Crème Brûlée', description: 'Burnt custard' },
  { id: 6, name: 'Vanilla Milkshake', description: 'Thick and cold' },
];
const index = menu.map(indexDocument);
const ids = (query: string) => searchDocuments(toQueryWords(query), index).map((hit) => hit.id);

describe('toWords', () => {
  it('lowercases, drops accents and splits on anything that is not a letter or digit', () => {
    expect(toWords('Crème  BRÛLÉE!')).toEqual(['creme', 'brulee']);
    expect(toWords('non-coffee, 2 shots')).toEqual(['non', 'coffee', '2', 'shots']);
    expect(toWords(' ?! ')).toEqual([]);
  });

  it('gives one key for queries with the same words', () => {
    expect(toQueryWords('Latte  hazelnut latte')).toEqual(toQueryWords('hazelnut LATTE'));
  });
});

describe('isWithinOneEdit', () => {
  it.each([
    ['latte', 'latte'],
    ['lattee', 'latte'], // extra letter
    ['late', 'latte'], // missing letter
    ['lette', 'latte'], // wrong letter
    ['hazlenut', 'hazelnut'], // swapped neighbours
    ['alte', 'late'],
  ])('%s ~ %s', (a, b) => {
    expect(isWithinOneEdit(a, b)).toBe(true);
    expect(isWithinOneEdit(b, a)).toBe(true);
  });

  it.each([
    ['lattte', 'lat'],
    ['latte', 'mocha'],
    ['hzlenut', 'hazelnut'],
    ['abcd', 'badc'],
  ])('%s is more than one edit from %s', (a, b) => {
    expect(isWithinOneEdit(a, b)).toBe(false);
  });
});

describe('searchDocuments', () => {
  it('ignores case and word order', () => {
    expect(ids('HAZELNUT latte')).toEqual([1]);
    expect(ids('latte hazelnut')).toEqual([1]);
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
  });

  it('tolerates a typo in a word typed only in part', () => {
    expect(ids('hazle')).toEqual([1]);
  });

  it('does not forgive two typos in one word, nor typos in short words', () => {
    expect(ids('hzlenut')).toEqual([]);
    expect(ids('wng')).toEqual([]);
  });

  it('needs every word of the query', () => {
    expect(ids('hazelnut wings')).toEqual([]);
  });

  it('matches without accents', () => {
    expect(ids('creme brulee')).toEqual([5]);
  });

  it('finds words in the description, ranked after name matches', () => {
    // "vanilla" is in the name of 6 and only in the descriptions of 1 and 3.
    expect(ids('vanilla')).toEqual([6, 1, 3]);
  });

  it('ranks exact name matches above typo name matches', () => {
    const docs = [
      { id: 1, name: 'Milo', description: '' },
      { id: 2, name: 'Mild Roast', description: '' },
    ].map(indexDocument);
    expect(searchDocuments(toQueryWords('mild'), docs).map((hit) => hit.id)).toEqual([2, 1]);
  });

  it('keeps the given order between equally good matches', () => {
    const docs = [
      { id: 1, name: 'Iced Latte', description: '' },
      { id: 2, name: 'Latte', description: '' },
      { id: 3, name: 'Hazelnut Latte', description: '' },
    ].map(indexDocument);
    const order = (list: typeof docs) => searchDocuments(['latte'], list).map((hit) => hit.id);
    expect(order(docs)).toEqual([1, 2, 3]);
    expect(order([...docs].reverse())).toEqual([3, 2, 1]);
  });
});
