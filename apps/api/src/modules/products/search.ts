import type { Category } from '@coffee/contract';

/**
 * Forgiving product search over an in-memory index of the catalogue, pure and synchronous so it can be
 * unit-tested and rebuilt whenever the catalogue version moves on.
 *
 * Rules (the catalogue's `?search=`):
 * - text is compared without case or accents ("caffe" finds Caffè Latte), split into words on anything that is
 *   not a letter or digit; "non-coffee" and "add-on" stay one word each, as the shop's tabs name them;
 * - every query word must match the product, in any order: a word of its name or description that equals it or
 *   starts with it ("hazel" finds Hazelnut), or its category when the word names one ("kopi", "tea", "makanan");
 * - a query word may also be a typo of a product word or of its beginning: one wrong, missing, extra or swapped
 *   letter from MIN_FUZZY_LENGTH letters, two from MIN_TWO_TYPO_LENGTH ("capucino" finds Cappuccino). Shorter
 *   words must be exact, because one edit in a three-letter word matches almost anything;
 * - results are ranked by how well they match, see MatchTier; equal matches keep the caller's order.
 */

export const MIN_FUZZY_LENGTH = 4;
export const MIN_TWO_TYPO_LENGTH = 8;

export interface SearchDocument {
  id: number;
  name: string;
  description: string;
  category: Category;
}

/** How well a whole product matches a query, best first. */
export const MatchTier = {
  /** The name is exactly the query words ("espresso" -> Espresso). */
  exactName: 0,
  /** The name begins with the query words ("kopi" -> Kopi Tubruk before Es Kopi Alpukat). */
  namePrefix: 1,
  /** Every query word is a word of the name, or the beginning of one. */
  nameWords: 2,
  /** Every query word is in the name, some only with a typo. */
  nameTypo: 3,
  /** Some query word was only found in the description. */
  description: 4,
  /** Some query word only named the product's category ("coffee" -> Cappuccino). */
  category: 5,
  /**
   * A query word that names a category, found only in the description of a product of another category:
   * "coffee" finds Grass Jelly ("lovely in iced coffee"), but after every coffee.
   */
  otherCategory: 6,
} as const;
export type MatchTier = (typeof MatchTier)[keyof typeof MatchTier];

export interface SearchHit {
  id: number;
  tier: MatchTier;
  /** Orders hits: lower is a better match (tier, then how well each word matched, then fewer typos). */
  rank: number;
}

/** How one query word matched one product; the order is the ranking, best first. */
const Kind = {
  nameExact: 0,
  namePrefix: 1,
  nameTypo: 2,
  description: 3,
  descriptionTypo: 4,
  category: 5,
  otherCategory: 6,
  none: 255,
} as const;

/** Words that name a category of the menu, in English and Indonesian, as customers type them. */
const CATEGORY_WORDS: ReadonlyMap<string, readonly Category[]> = new Map<string, readonly Category[]>([
  ...['coffee', 'coffees', 'kopi'].map((w) => [w, ['coffee']] as const),
  ...['noncoffee', 'tea', 'teas', 'teh'].map((w) => [w, ['non-coffee']] as const),
  ...['food', 'foods', 'makanan', 'snack', 'snacks', 'camilan', 'cemilan'].map((w) => [w, ['foods']] as const),
  ...['addon', 'addons', 'topping', 'toppings', 'tambahan'].map((w) => [w, ['add-on']] as const),
  ...['minuman', 'drink', 'drinks', 'beverage', 'beverages'].map((w) => [w, ['coffee', 'non-coffee']] as const),
]);

const NON_WORD = /[^\p{L}\p{N}]+/u;
const COMBINING_MARKS = /\p{M}+/gu;

const ASCII_NON_WORD = /[^a-z0-9]+/;

/** 'Crème  BRÛLÉE!' -> ['creme', 'brulee']. */
export function toWords(text: string): string[] {
  // Most menu text is plain ASCII: no accents to take off, and [a-z0-9] are its letters and digits. Twice as fast,
  // which is most of building the index.
  if (isAscii(text)) return text.toLowerCase().split(ASCII_NON_WORD).filter((word) => word.length > 0);
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .split(NON_WORD)
    .filter((word) => word.length > 0);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** ['non', 'coffee'] -> ['noncoffee'], ['add', 'ons'] -> ['addons']: the tab names are one word to a customer. */
function joinCategoryPhrases(words: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1];
    if ((word === 'non' && next === 'coffee') || (word === 'add' && (next === 'on' || next === 'ons'))) {
      joined.push(word + next);
      i++;
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/** The words of a product text as the index holds them. */
export function toIndexWords(text: string): string[] {
  return joinCategoryPhrases(toWords(text));
}

/**
 * The words of a query, de-duplicated and sorted: two queries with the same words give the same answer,
 * so this doubles as the cache key of a search.
 */
export function toQueryWords(query: string): string[] {
  return [...new Set(toIndexWords(query))].sort();
}

/** How many typos a query word of this length may hold. */
function allowedEdits(length: number): number {
  if (length >= MIN_TWO_TYPO_LENGTH) return 2;
  return length >= MIN_FUZZY_LENGTH ? 1 : 0;
}

/**
 * The fewest edits (wrong, missing, extra letter, or two neighbours swapped: optimal string alignment distance)
 * that turn `query` into a beginning of `word` (or, with wholeWord, into `word` itself), or maxEdits + 1 when
 * that takes more than maxEdits. One row per letter of `query` and a column per letter of `word`, stopped early once every cell of
 * a row is over the bound.
 */
export function prefixEditDistance(query: string, word: string, maxEdits: number, wholeWord = false): number {
  const n = query.length;
  if (wholeWord && word.length > n + maxEdits) return maxEdits + 1;
  const m = Math.min(word.length, n + maxEdits);
  if (m < n - maxEdits) return maxEdits + 1;
  let prevPrev = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let row = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    row[0] = i;
    let rowMin = i;
    const q = query.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const w = word.charCodeAt(j - 1);
      let best = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (q === w ? 0 : 1));
      if (i > 1 && j > 1 && q === word.charCodeAt(j - 2) && query.charCodeAt(i - 2) === w) {
        best = Math.min(best, (prevPrev[j - 2] as number) + 1);
      }
      row[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > maxEdits) return maxEdits + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  if (wholeWord) return Math.min(prev[m] as number, maxEdits + 1);
  // Any beginning of the word at least as long as the query less its typos: the query may be a word in part.
  let best = maxEdits + 1;
  for (let j = Math.max(0, n - maxEdits); j <= m; j++) best = Math.min(best, prev[j] as number);
  return best;
}

/** '^^' marks the beginning of a word: typos are looked for in words and their beginnings, never their ends. */
function trigramsOf(word: string): string[] {
  const padded = `^^${word}`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

/** A word of the catalogue and the products holding it (indexes into the index's documents, ascending). */
interface VocabularyWord {
  readonly word: string;
  readonly inNames: number[];
  readonly inDescriptions: number[];
}

/** A catalogue word a query word matched, and how. */
interface WordMatch {
  readonly entry: VocabularyWord;
  readonly edits: number;
  /** The catalogue word equals the query word (not only begins with it). */
  readonly whole: boolean;
}

interface QueryWordMatches {
  readonly words: readonly WordMatch[];
  readonly categories: readonly Category[];
}

const MAX_MEMOISED_QUERY_WORDS = 4096;
/** Query words whose match marks are kept between searches (a query of more words allocates the rest). */
const MAX_SCRATCH_WORDS = 4;

/** An order equal matches follow on a page: the products service's sort and direction, and its comparator. */
export interface ListOrder<D> {
  /** Names the order: the same key must always come with the same comparator. */
  readonly key: string;
  /** A total order (ties broken by id), as the database would sort the list. */
  readonly compare: (a: D, b: D) => number;
}

export interface PageRequest<D> {
  readonly order: ListOrder<D>;
  /** Products it says no to are not counted nor listed (a category tab, featured). */
  readonly keep?: ((doc: D) => boolean) | undefined;
  readonly offset: number;
  readonly limit: number;
}

export interface RankedPage {
  /** The page's product ids, best match first. */
  readonly ids: number[];
  /** How many products match in all (kept ones only). */
  readonly total: number;
}

/** The live slots in one list order, and each slot's place in it (by slot; stale for empty slots). */
interface SlotOrder<D> {
  readonly compare: (a: D, b: D) => number;
  readonly slots: number[];
  position: Int32Array;
}

/**
 * The catalogue's words in a sorted array (prefixes are a binary search away), a trigram index over them (for
 * typos), and for every word the products whose name or description holds it. A query touches only the words it
 * matches and their products, never the whole catalogue.
 *
 * It changes in place (upsert, remove) as staff edit the menu: a product's words are added to or taken out of the
 * word lists it is in, a new word is slotted into the sorted vocabulary, so the first search after a change costs
 * no rebuild. A removed product's slot stays empty until more than half the slots are empty, then the index is
 * rebuilt from the products it holds (a compaction, never a database read).
 *
 * It keeps each document as given (the products service's rows, from which a page is drawn) and reads a removed
 * one's words from it again: documents must not be changed after they are given, only replaced (upsert).
 */
export class SearchIndex<D extends SearchDocument = SearchDocument> {
  /** Per slot: the product, or undefined once removed (or replaced by a newer slot). */
  private docs: (D | undefined)[] = [];
  private ids: number[] = [];
  private categories: Category[] = [];
  /** Per slot, its name's words in order: the vocabulary's own strings, not a copy per product. */
  private nameWords: (readonly string[])[] = [];
  private nameWordCounts: number[] = [];
  private byCategory = new Map<Category, number[]>();
  private slotOf = new Map<number, number>();
  private vocabulary = new Map<string, VocabularyWord>();
  private sortedWords: VocabularyWord[] = [];
  private trigrams = new Map<string, VocabularyWord[]>();
  private empty = 0;
  /** Query word -> the catalogue words it matches; pure for this index until it changes, so a bounded memo is safe. */
  private readonly memo = new Map<string, QueryWordMatches>();
  /** The list orders pages were asked in (see page), kept in step with every change; dropped by a compaction. */
  private readonly orders = new Map<string, SlotOrder<D>>();
  /**
   * Per query word, how each slot matched it: reused from search to search (search is synchronous) and reset
   * through the slots it touched, so a query allocates nothing the size of the catalogue.
   */
  private readonly scratch: Marks[] = [];
  /** A page's sort keys (rank, then place in the list order), reused likewise. */
  private keys = new Float64Array(1024);

  constructor(docs: readonly D[]) {
    this.fill(docs);
  }

  private fill(docs: readonly D[]): void {
    this.docs = [];
    this.ids = [];
    this.categories = [];
    this.nameWords = [];
    this.nameWordCounts = [];
    this.byCategory = new Map();
    this.slotOf = new Map();
    this.vocabulary = new Map();
    this.trigrams = new Map();
    this.empty = 0;
    this.memo.clear();
    this.orders.clear();
    for (const doc of docs) this.file(doc, false);
    this.sortedWords = [...this.vocabulary.values()].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    for (const entry of this.sortedWords) this.fileTrigrams(entry);
  }

  /** Puts a product in a new slot; `live` also slots new words into the sorted vocabulary (after construction). */
  private file(doc: D, live: boolean): void {
    const slot = this.ids.length;
    const name = toIndexWords(doc.name).map((word) => this.entryOf(word, live).word);
    this.docs.push(doc);
    this.ids.push(doc.id);
    this.categories.push(doc.category);
    this.nameWords.push(name);
    this.slotOf.set(doc.id, slot);
    let inCategory = this.byCategory.get(doc.category);
    if (!inCategory) this.byCategory.set(doc.category, (inCategory = []));
    inCategory.push(slot);
    // A new slot is the highest: every list of slots stays ascending, so taking one out is a binary search.
    const distinct = new Set(name);
    this.nameWordCounts.push(distinct.size);
    for (const word of distinct) this.entryOf(word, live).inNames.push(slot);
    for (const word of new Set(toIndexWords(doc.description))) this.entryOf(word, live).inDescriptions.push(slot);
    for (const order of this.orders.values()) this.placeInOrder(order, slot);
  }

  private entryOf(word: string, live: boolean): VocabularyWord {
    let entry = this.vocabulary.get(word);
    if (!entry) {
      entry = { word, inNames: [], inDescriptions: [] };
      this.vocabulary.set(word, entry);
      if (live) {
        this.sortedWords.splice(this.lowerBound(word), 0, entry);
        this.fileTrigrams(entry);
      }
    }
    return entry;
  }

  private fileTrigrams(entry: VocabularyWord): void {
    for (const gram of new Set(trigramsOf(entry.word))) {
      const list = this.trigrams.get(gram);
      if (list) list.push(entry);
      else this.trigrams.set(gram, [entry]);
    }
  }

  /** Adds the product, or replaces what the index holds of it (a new name, description or category). */
  upsert(doc: D): void {
    this.vacate(doc.id);
    this.memo.clear();
    this.file(doc, true);
    this.compactIfSparse();
  }

  /** Takes the product out of every search (deleted from the menu); unknown ids are ignored. */
  remove(id: number): void {
    if (!this.vacate(id)) return;
    this.memo.clear();
    this.compactIfSparse();
  }

  private vacate(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.slotOf.delete(id);
    // The words it was filed under are its name's and its description's, read again (the index keeps no list of
    // them per product: at 100,000 products that list weighed more than the descriptions).
    const doc = this.docs[slot] as D;
    for (const word of new Set(this.nameWords[slot])) withoutSlot(this.vocabulary.get(word)?.inNames, slot);
    for (const word of new Set(toIndexWords(doc.description))) withoutSlot(this.vocabulary.get(word)?.inDescriptions, slot);
    withoutSlot(this.byCategory.get(this.categories[slot] as Category), slot);
    for (const order of this.orders.values()) this.takeOutOfOrder(order, slot);
    this.docs[slot] = undefined;
    this.nameWords[slot] = [];
    this.empty += 1;
    return true;
  }

  private compactIfSparse(): void {
    if (this.empty > 64 && this.empty * 2 > this.ids.length) {
      this.fill(this.docs.filter((doc): doc is D => doc !== undefined));
    }
  }

  /** Words in the vocabulary and slots (live or empty): what the index's memory grows with. */
  get footprint(): { words: number; slots: number } {
    return { words: this.sortedWords.length, slots: this.ids.length };
  }

  /** The product with this id as the index holds it (the row it was given), or undefined. */
  documentOf(id: number): D | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.docs[slot];
  }

  get size(): number {
    return this.ids.length - this.empty;
  }

  /** The products matching every query word (from toQueryWords), best first; ties keep the documents' order. */
  search(queryWords: readonly string[]): SearchHit[] {
    const found: RankedDoc[] = [];
    this.rank(queryWords, (doc, tier, rank) => found.push({ doc, tier, rank }));
    found.sort((a, b) => a.rank - b.rank || a.doc - b.doc);
    return found.map(({ doc, tier, rank }) => ({ id: this.ids[doc] as number, tier, rank }));
  }

  /**
   * One page of what search gives, ordered as search ranks them and equal matches in a list order (the products
   * service's sort), without the products `keep` leaves out; and how many there are in all.
   *
   * Why not search() and a sort: at 10,000 products a word like "coffee" or "iced" matches thousands, and
   * sorting those with the list order's comparator (names, prices, dates) was most of a cold search's time. Here
   * each list order is worked out once (a comparator sort of the catalogue, on first use) and kept in step with every
   * change; a hit's sort key is then one number, its rank times the catalogue's size plus its place in that order,
   * and the hits are sorted as a Float64Array (numeric, no comparator, no object per hit).
   */
  page(queryWords: readonly string[], request: PageRequest<D>): RankedPage {
    const order = this.orderOf(request.order);
    const scale = order.slots.length;
    const { keep } = request;
    let count = 0;
    this.rank(queryWords, (doc, _tier, rank) => {
      if (keep && !keep(this.docs[doc] as D)) return;
      if (count === this.keys.length) {
        const grown = new Float64Array(count * 2);
        grown.set(this.keys);
        this.keys = grown;
      }
      // Exact as a double: ranks stay under 10^8 and places under the catalogue's size, far below 2^53.
      this.keys[count++] = rank * scale + (order.position[doc] as number);
    });
    const offset = Math.max(0, request.offset);
    const end = Math.min(count, offset + request.limit);
    const sorted = smallestSorted(this.keys, count, end);
    const ids: number[] = [];
    for (let i = offset; i < end; i++) {
      ids.push(this.ids[order.slots[(sorted[i] as number) % scale] as number] as number);
    }
    return { ids, total: count };
  }

  /**
   * Calls `visit` for every product matching every query word (in slot order) with its tier and rank: the
   * matching and ranking both search and page share.
   */
  private rank(queryWords: readonly string[], visit: (doc: number, tier: MatchTier, rank: number) => void): void {
    const n = this.ids.length;
    if (queryWords.length === 0 || n === this.empty) return;
    const marks: Marks[] = [];
    try {
      let narrowest: Marks | undefined;
      for (const [w, queryWord] of queryWords.entries()) {
        const mark = this.scratchFor(w, n);
        marks.push(mark);
        this.matchQueryWord(queryWord, mark);
        if (mark.count === 0) return;
        if (!narrowest || mark.count < narrowest.count) narrowest = mark;
      }
      if (narrowest) this.rankCandidates(queryWords, narrowest, marks, visit);
    } finally {
      // Back to "no match" for the next search: only the slots this one marked.
      for (const mark of marks) {
        for (let i = 0; i < mark.count; i++) {
          const doc = mark.touched[i] as number;
          mark.kind[doc] = Kind.none;
          mark.typo[doc] = 0;
        }
        mark.count = 0;
      }
    }
  }

  private rankCandidates(
    queryWords: readonly string[],
    candidates: Marks,
    marks: readonly Marks[],
    visit: (doc: number, tier: MatchTier, rank: number) => void,
  ): void {
    // The words left once those that only named a product's category are set aside, by which were set aside (a
    // bit per word): worked out once per query, not per product.
    const textWordsOf = new Map<number, readonly string[]>();
    const words = marks.length;
    for (let i = 0; i < candidates.count; i++) {
      const doc = candidates.touched[i] as number;
      let worst = 0;
      let kindSum = 0;
      let editSum = 0;
      let byCategory = 0;
      let all = true;
      for (let w = 0; w < words; w++) {
        const mark = marks[w] as Marks;
        const kind = mark.kind[doc] as number;
        if (kind === Kind.none) {
          all = false;
          break;
        }
        // Past 30 words the bits run out: such a product gets its text words worked out below.
        if (kind === Kind.category) byCategory |= w < 30 ? 1 << w : 1 << 30;
        else if (kind > worst) worst = kind;
        kindSum += kind;
        editSum += mark.typo[doc] as number;
      }
      if (!all) continue;
      // A word that only named the product's category narrows the list ("iced coffee"); the other words decide
      // how well the product matches, so Iced Americano still matches by its name.
      let textWords = byCategory === 0 ? queryWords : textWordsOf.get(byCategory);
      if (!textWords) {
        textWords = queryWords.filter((_, w) => (marks[w] as Marks).kind[doc] !== Kind.category);
        if (byCategory < 1 << 30) textWordsOf.set(byCategory, textWords);
      }
      const tier = textWords.length === 0 ? MatchTier.category : this.tierOf(doc, worst, textWords);
      // Among typos, the whole name mistyped ("expresso" -> Espresso) before a name that holds more words.
      const extraWords = tier === MatchTier.nameTypo ? Math.min(9, (this.nameWordCounts[doc] as number) - textWords.length) : 0;
      // A query holds at most 50 words (100 characters), so kindSum stays under 1,000.
      visit(doc, tier, tier * 10_000_000 + kindSum * 10_000 + Math.max(0, extraWords) * 100 + Math.min(99, editSum));
    }
  }

  /** The w-th query word's marks, every slot at "no match"; the first few are kept, longer queries get their own. */
  private scratchFor(w: number, n: number): Marks {
    const kept = this.scratch[w];
    if (kept && kept.kind.length >= n) return kept;
    const size = Math.max(n, (kept?.kind.length ?? 0) * 2, 64);
    const fresh: Marks = { kind: new Uint8Array(size).fill(Kind.none), typo: new Uint8Array(size), touched: new Int32Array(size), count: 0 };
    if (w < MAX_SCRATCH_WORDS) this.scratch[w] = fresh;
    return fresh;
  }

  /** The list order named `key`: worked out on first use, then kept in step with every upsert and remove. */
  private orderOf({ key, compare }: ListOrder<D>): SlotOrder<D> {
    let order = this.orders.get(key);
    if (!order) {
      const slots: number[] = [];
      for (let slot = 0; slot < this.docs.length; slot++) if (this.docs[slot] !== undefined) slots.push(slot);
      slots.sort((a, b) => compare(this.docs[a] as D, this.docs[b] as D) || a - b);
      order = { compare, slots, position: new Int32Array(Math.max(64, this.ids.length * 2)) };
      for (const [place, slot] of slots.entries()) order.position[slot] = place;
      this.orders.set(key, order);
    }
    return order;
  }

  /** A new slot's place in a kept order: a binary search, then every later place moves down one. */
  private placeInOrder(order: SlotOrder<D>, slot: number): void {
    const doc = this.docs[slot] as D;
    const { slots } = order;
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      // A new slot is the highest: after every equal product, as the first build's tie on slot puts it.
      if (order.compare(this.docs[slots[mid] as number] as D, doc) <= 0) low = mid + 1;
      else high = mid;
    }
    slots.splice(low, 0, slot);
    if (slot >= order.position.length) {
      const grown = new Int32Array(Math.max(slot + 1, order.position.length * 2));
      grown.set(order.position);
      order.position = grown;
    }
    for (let place = low; place < slots.length; place++) order.position[slots[place] as number] = place;
  }

  private takeOutOfOrder(order: SlotOrder<D>, slot: number): void {
    const { slots } = order;
    const at = order.position[slot] as number;
    if (slots[at] !== slot) return;
    slots.splice(at, 1);
    for (let place = at; place < slots.length; place++) order.position[slots[place] as number] = place;
  }

  /** `queryWords` are distinct, and each is in the name, whole or begun, when the worst kind is a name's. */
  private tierOf(doc: number, worstKind: number, queryWords: readonly string[]): MatchTier {
    switch (worstKind) {
      case Kind.nameExact:
      case Kind.namePrefix: {
        const name = this.nameWords[doc] as readonly string[];
        // The name's distinct words are exactly the query's.
        if (this.nameWordCounts[doc] === queryWords.length && queryWords.every((q) => name.includes(q))) return MatchTier.exactName;
        // The first words of the name are each begun by some query word ("caffe lat", "kopi").
        if (name.length < queryWords.length) return MatchTier.nameWords;
        for (let i = 0; i < queryWords.length; i++) {
          const word = name[i] as string;
          if (!queryWords.some((q) => word.startsWith(q))) return MatchTier.nameWords;
        }
        return MatchTier.namePrefix;
      }
      case Kind.nameTypo:
        return MatchTier.nameTypo;
      case Kind.description:
      case Kind.descriptionTypo:
        return MatchTier.description;
      default:
        return MatchTier.otherCategory;
    }
  }

  /** Marks how each product matches `queryWord`, listing in `touched` the products it matches. */
  private matchQueryWord(queryWord: string, marks: Marks): void {
    const matches = this.matchesOf(queryWord);
    for (const { entry, edits, whole } of matches.words) {
      markAll(marks, entry.inNames, edits > 0 ? Kind.nameTypo : whole ? Kind.nameExact : Kind.namePrefix, edits);
      markAll(marks, entry.inDescriptions, edits > 0 ? Kind.descriptionTypo : Kind.description, edits);
    }
    if (matches.categories.length > 0) {
      const named = new Set(matches.categories);
      // A word that names a category means that category: a mention elsewhere comes after all of it.
      for (let i = 0; i < marks.count; i++) {
        const doc = marks.touched[i] as number;
        if ((marks.kind[doc] as number) >= Kind.description && !named.has(this.categories[doc] as Category)) {
          marks.kind[doc] = Kind.otherCategory;
        }
      }
      for (const category of matches.categories) markAll(marks, this.byCategory.get(category) ?? [], Kind.category, 0);
    }
  }

  private matchesOf(queryWord: string): QueryWordMatches {
    const memoised = this.memo.get(queryWord);
    if (memoised) return memoised;
    const maxEdits = allowedEdits(queryWord.length);
    const words: WordMatch[] = [];
    const exact = new Set<VocabularyWord>();
    // Every word beginning with the query word sits in one run of the sorted vocabulary.
    for (let i = this.lowerBound(queryWord); i < this.sortedWords.length; i++) {
      const entry = this.sortedWords[i] as VocabularyWord;
      if (!entry.word.startsWith(queryWord)) break;
      exact.add(entry);
      words.push({ entry, edits: 0, whole: entry.word === queryWord });
    }
    if (maxEdits > 0) {
      // Each typo breaks at most three of the query's trigrams, so a near word shares all but 3 x maxEdits.
      const grams = trigramsOf(queryWord);
      const needed = Math.max(1, grams.length - 3 * maxEdits);
      const shared = new Map<VocabularyWord, number>();
      for (const gram of new Set(grams)) {
        for (const entry of this.trigrams.get(gram) ?? []) shared.set(entry, (shared.get(entry) ?? 0) + 1);
      }
      for (const [entry, count] of shared) {
        if (count < needed || exact.has(entry)) continue;
        const distance = prefixEditDistance(queryWord, entry.word, maxEdits);
        if (distance <= maxEdits) words.push({ entry, edits: distance, whole: false });
      }
    }
    const found: QueryWordMatches = { words, categories: categoriesNamedBy(queryWord, maxEdits) };
    if (this.memo.size >= MAX_MEMOISED_QUERY_WORDS) this.memo.delete(this.memo.keys().next().value as string);
    this.memo.set(queryWord, found);
    return found;
  }

  private lowerBound(word: string): number {
    let low = 0;
    let high = this.sortedWords.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.sortedWords[mid] as VocabularyWord).word < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** How every slot matched one query word (Kind.none: not at all), and the slots it matched, `count` of them. */
interface Marks {
  readonly kind: Uint8Array;
  readonly typo: Uint8Array;
  readonly touched: Int32Array;
  count: number;
}

/** Marks these slots as matching by `kind` with `edits` typos, unless they already match better. */
function markAll(marks: Marks, slots: readonly number[], kind: number, edits: number): void {
  const { kind: kinds, typo, touched } = marks;
  for (const doc of slots) {
    const current = kinds[doc] as number;
    if (current === Kind.none) touched[marks.count++] = doc;
    if (kind < current || (kind === current && edits < (typo[doc] as number))) {
      kinds[doc] = kind;
      typo[doc] = edits;
    }
  }
}

/** Takes `slot` out of an ascending list of slots. */
function withoutSlot(list: number[] | undefined, slot: number): void {
  if (!list) return;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((list[mid] as number) < slot) low = mid + 1;
    else high = mid;
  }
  if (list[low] === slot) list.splice(low, 1);
}

/**
 * The `k` smallest of the first `count` keys, ascending. A page needs the first few of thousands of matches: past
 * four times as many as it needs, a max-heap of k keeps the best in one pass instead of sorting them all.
 */
function smallestSorted(keys: Float64Array, count: number, k: number): Float64Array {
  if (k <= 0) return new Float64Array(0);
  if (count <= 4 * k) return keys.subarray(0, count).sort();
  const heap = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    // Sift up.
    let at = i;
    const key = keys[i] as number;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((heap[parent] as number) >= key) break;
      heap[at] = heap[parent] as number;
      at = parent;
    }
    heap[at] = key;
  }
  for (let i = k; i < count; i++) {
    const key = keys[i] as number;
    if (key >= (heap[0] as number)) continue;
    // Replace the largest kept, sift down.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= k) break;
      const right = left + 1;
      const larger = right < k && (heap[right] as number) > (heap[left] as number) ? right : left;
      if ((heap[larger] as number) <= key) break;
      heap[at] = heap[larger] as number;
      at = larger;
    }
    heap[at] = key;
  }
  return heap.sort();
}

/** A hit while it is being sorted: its document's place in the index breaks ties. */
interface RankedDoc {
  doc: number;
  tier: MatchTier;
  rank: number;
}

/**
 * The categories a query word names: a category word itself, its beginning from MIN_FUZZY_LENGTH letters
 * ("coff", "snac") or a typo of the whole word ("cofee", "makanann"). Not a typo of a beginning: "drip" is
 * one letter from "drin(k)" and would bring every drink. Short words must be whole ("teh", "tea").
 */
function categoriesNamedBy(queryWord: string, maxEdits: number): readonly Category[] {
  const exact = CATEGORY_WORDS.get(queryWord);
  if (exact) return exact;
  if (queryWord.length < MIN_FUZZY_LENGTH) return [];
  const named = new Set<Category>();
  for (const [word, categories] of CATEGORY_WORDS) {
    if (word.startsWith(queryWord) || (word.length >= MIN_FUZZY_LENGTH && prefixEditDistance(queryWord, word, maxEdits, true) <= maxEdits)) {
      for (const category of categories) named.add(category);
    }
  }
  return [...named];
}

export function createSearchIndex(docs: readonly SearchDocument[]): SearchIndex {
  return new SearchIndex(docs);
}
