import type { Page } from '@playwright/test';

/**
 * English found on a page that should read in Indonesian: by its common words, in what a person reads (the text on
 * screen and the words read out: labels, placeholders, titles, pictures' descriptions), leaving out what staff entered
 * (product, option, store and coupon names and sentences), brands and people's addresses.
 */
const ENGLISH =
  /\b(?:the|your|you|and|with|please|orders?|cart|sign|login|logout|add|search|loading|payment|history|profile|password|forgot|home|products|back|save|cancel|delete|edit|choose|delivery|ready|today|tomorrow|open|closed|price|stores?|here|this|that|from|not|will|can|all|points|staff|new|more|show|hide|close|next|previous|send|paid|unpaid|minutes?|hours?)\b/i;
/** What stays as entered or as its owner names it. */
const BRANDS = ['Coffee Shop', 'QRIS', 'GoPay', 'OVO', 'DANA', 'ShopeePay', 'Midtrans', 'Google', 'BCA', 'BNI', 'BRI', 'Mandiri', 'Permata'];

/** The names and descriptions staff entered (products, their options, stores): shown as entered in any language. */
export async function enteredNames(page: Page): Promise<string[]> {
  const products = ((await (await page.request.get('/api/v1/products?limit=100')).json()) as { data: { id: number }[] }).data;
  const names: string[] = [];
  for (const { id } of products) {
    const product = ((await (await page.request.get(`/api/v1/products/${id}`)).json()) as { data: Record<string, unknown> }).data;
    collectStrings(product, names);
  }
  collectStrings(((await (await page.request.get('/api/v1/stores')).json()) as { data: unknown }).data, names);
  // A coupon's name and its one sentence are staff's words too (its terms are the shop's, worded per language).
  const promotions = ((await (await page.request.get('/api/v1/promotions')).json()) as { data: { name: string; description: string }[] }).data;
  for (const { name, description } of promotions) names.push(name, description);
  // For staff: the customers' questions and notes to the barista are their own words, and the audit record keeps each
  // change as it was sent (the route's name, its ids and body), like a log.
  for (const address of ['/api/v1/questions', '/api/v1/staff/audit', '/api/v1/staff/orders']) {
    const answer = await page.request.get(address);
    if (answer.ok()) collectStrings(((await answer.json()) as { data: unknown }).data, names);
  }
  return [...new Set([...names, ...BRANDS])].filter((name) => name.length > 1).sort((a, b) => b.length - a.length);
}

/** The fields that hold people's own words (names, descriptions, notes, questions, addresses), at any depth. */
const OWN_WORDS = new Set(['name', 'description', 'address', 'note', 'baristaNote', 'notice', 'text', 'question', 'action', 'displayName', 'email', 'customerName', 'productName', 'storeName']);

function collectStrings(value: unknown, into: string[], key = 'name'): void {
  if (typeof value === 'string') {
    if (OWN_WORDS.has(key)) into.push(value);
  } else if (Array.isArray(value)) for (const item of value) collectStrings(item, into, key);
  else if (value && typeof value === 'object') for (const [field, item] of Object.entries(value)) collectStrings(item, into, field);
}

/** The page's words a person reads, piece by piece, leaving out parts marked as another language (the switch). */
async function wordsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pieces: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (box.width > 0 || box.height > 0) && style.visibility !== 'hidden';
    };
    const otherLanguage = (el: Element) => {
      const lang = el.closest('[lang]')?.getAttribute('lang');
      return lang !== undefined && lang !== null && lang !== document.documentElement.lang;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (otherLanguage(parent) || (!visible(parent) && !parent.closest('.sr-only'))) continue;
      pieces.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
      if (otherLanguage(el) || !visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) pieces.push(value);
      }
    }
    pieces.push(document.title);
    return pieces;
  });
}

export async function englishOn(page: Page, names: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const piece of await wordsOnScreen(page)) {
    // People's addresses are theirs, whatever words they hold.
    let rest = piece.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ');
    for (const name of names) rest = rest.split(name).join(' ');
    if (ENGLISH.test(rest)) found.push(piece.slice(0, 120));
  }
  return [...new Set(found)];
}
