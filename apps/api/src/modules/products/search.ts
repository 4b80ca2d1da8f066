/**
 * Forgiving product search, pure and synchronous so it can be unit-tested and run on cached documents.
 *
 * Rules (the catalogue's `?search=`):
 * - text is compared without case or accents, split into words on anything that is not a letter or digit;
 * - every query word must match some word of the product's name or description, in any order;
 * - a query word matches a product word that equals it or starts with it ("hazel" finds Hazelnut);
 * - a query word of MIN_FUZZY_LENGTH letters or more may also be one edit away (one wrong, missing, extra or
 *   swapped letter: Damerau-Levenshtein distance 1) from the product word or from a prefix of it, so
 *   "lattee", "hazlenut" and "hazelnt" still find Hazelnut Latte. Shorter words must be exact prefixes, because
 *   one edit in a three-letter word matches almost anything;
 * - a product whose name holds every query word ranks above one that needs its description.
 */

export const MIN_FUZZY_LENGTH = 4;

export interface SearchDocument {
  id: number;
  name: string;
  description: string;
}

/** A document split into words once, so each search only compares words. */
export interface IndexedDocument {
  id: number;
  nameWords: readonly string[];
  descriptionWords: readonly string[];
}

export interface SearchHit {
  id: number;
  /** 0: every query word is in the name; 1: some word was only found in the description. */
  tier: 0 | 1;
  /** How many query words matched only with a typo; fewer is a better match. */
  typos: number;
}

const NON_WORD = /[^\p{L}\p{N}]+/u;
const COMBINING_MARKS = /\p{M}+/gu;

/** 'Crème  BRÛLÉE!' -> ['creme', 'brulee']. */
export function toWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .split(NON_WORD)
    .filter((word) => word.length > 0);
}

/**
 * The words of a query, de-duplicated and sorted: two queries with the same words give the same answer,
 * so this doubles as the cache key of a search.
 */
export function toQueryWords(query: string): string[] {
  return [...new Set(toWords(query))].sort();
}

export function indexDocument(doc: SearchDocument): IndexedDocument {
  return { id: doc.id, nameWords: toWords(doc.name), descriptionWords: toWords(doc.description) };
}

/**
 * True when `a` and `b` are at most one edit apart, counting a swap of two neighbouring letters as one edit
 * (Damerau-Levenshtein distance <= 1). Linear time: only a distance of 0 or 1 is of interest.
 */
export function isWithinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const diff = a.length - b.length;
  if (diff > 1 || diff < -1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (diff === 0) {
    // One substitution, or one transposition of a[i] and a[i + 1].
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One letter extra in the longer word at position i.
  return diff > 0 ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** 'exact': the word or its beginning, letter for letter; 'typo': one edit away. */
type WordMatch = 'exact' | 'typo' | null;

function matchWord(queryWord: string, word: string): WordMatch {
  if (word.startsWith(queryWord)) return 'exact';
  if (queryWord.length < MIN_FUZZY_LENGTH) return null;
  // The whole word or a prefix one letter shorter, equal or longer than the query word: covers a wrong,
  // missing, extra or swapped letter in a word typed in full or in part.
  for (let length = queryWord.length - 1; length <= queryWord.length + 1; length++) {
    if (length > word.length) break;
    if (isWithinOneEdit(queryWord, word.slice(0, length))) return 'typo';
  }
  return null;
}

function matchIn(queryWord: string, words: readonly string[]): WordMatch {
  let best: WordMatch = null;
  for (const word of words) {
    const match = matchWord(queryWord, word);
    if (match === 'exact') return 'exact';
    if (match) best = match;
  }
  return best;
}

/** How `doc` matches every word of `queryWords`, or null when some word is missing from it. */
export function matchDocument(queryWords: readonly string[], doc: IndexedDocument): SearchHit | null {
  let tier: 0 | 1 = 0;
  let typos = 0;
  for (const queryWord of queryWords) {
    // A name match, even with a typo ("lattee"), keeps the product in the name tier.
    const inName = matchIn(queryWord, doc.nameWords);
    const match = inName ?? matchIn(queryWord, doc.descriptionWords);
    if (!match) return null;
    if (!inName) tier = 1;
    if (match === 'typo') typos++;
  }
  return { id: doc.id, tier, typos };
}

/**
 * The documents matching every query word, best first: name matches before description matches, then fewer
 * typos; ties keep the order of `docs`, which the caller has already sorted (menu order, price...).
 */
export function searchDocuments(queryWords: readonly string[], docs: readonly IndexedDocument[]): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const doc of docs) {
    const hit = matchDocument(queryWords, doc);
    if (hit) hits.push(hit);
  }
  // Array.prototype.sort is stable, so equal hits keep the caller's order.
  return hits.sort((a, b) => a.tier - b.tier || a.typos - b.typos);
}
