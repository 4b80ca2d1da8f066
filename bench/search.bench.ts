/**
 * The catalogue section of `npm run bench`: the catalogue at two sizes, the demo menu and 10,000 generated products
 * in a temporary SQLite database, each served by the built shop. Ten clients load a page of the list, one product and
 * 1,000 distinct searches (typos, prefixes, two words, category words: more than the answer cache holds, so
 * every search is worked out). Each figure is set beside a bare Node.js http server sending the very same bytes (the
 * shop's headers and body) in
 * the same run, which shows what the shop itself costs on this machine whatever else the machine is doing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { createProductService, type NewProduct } from '../apps/api/src/modules/products/products.service.js';
import { DURATION, fetchAnswer, load, machine, printTable, ratio, startBareServer, startShop, type Answer, type Figure, type Load } from './lib.js';

const CONNECTIONS = 10;
const LARGE_CATALOGUE = 10_000;
const DISTINCT_QUERIES = 1_000;
const PAGE = 'page=1&limit=24';
// What the shop aims for; shown beside the figures, not asserted (a shared machine moves them from run to run).
const TARGET = { ofBare: 0.9, searchP99Ms: 20 };

/** A small seeded generator, so every run benches the same catalogue and the same queries. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

const STYLES = ['Iced', 'Hot', 'Creamy', 'Classic', 'Double', 'Salted', 'Spiced', 'Frozen', 'Signature', 'House', 'Es', 'Warm', 'Smoky', 'Toasted', 'Royal'];
const FLAVOURS = [
  'Hazelnut', 'Vanilla', 'Caramel', 'Pandan', 'Gula Aren', 'Matcha', 'Taro', 'Mocha', 'Coconut', 'Avocado', 'Klepon', 'Lychee',
  'Mango', 'Strawberry', 'Ginger', 'Lemon', 'Cinnamon', 'Brown Sugar', 'Butterscotch', 'Cheese', 'Chocolate', 'Banana', 'Durian',
  'Jackfruit', 'Rose', 'Honey', 'Almond', 'Peanut', 'Sesame', 'Tiramisu', 'Red Velvet', 'Cookies', 'Pistachio', 'Kelapa', 'Alpukat',
];
const ORIGINS = ['Gayo', 'Toraja', 'Kintamani', 'Flores', 'Java', 'Bali', 'Mandheling', 'Kerinci', 'Wamena', 'Sidikalang', 'Malabar', 'Temanggung'];
const BASES: Record<NewProduct['category'], readonly string[]> = {
  coffee: ['Latte', 'Cappuccino', 'Americano', 'Espresso', 'Macchiato', 'Cold Brew', 'Kopi Susu', 'Affogato', 'Flat White', 'Mocha', 'Kopi Tubruk'],
  'non-coffee': ['Tea', 'Milk', 'Smoothie', 'Frappe', 'Teh Tarik', 'Soda', 'Chocolate', 'Lemonade', 'Wedang', 'Boba Milk'],
  foods: ['Croissant', 'Toast', 'Roti Bakar', 'Cake', 'Cookies', 'Donat', 'Nasi Goreng', 'Mie Goreng', 'Sandwich', 'Muffin', 'Pisang Goreng', 'Cheesecake'],
  'add-on': ['Syrup', 'Shot', 'Foam', 'Pearls', 'Jelly', 'Sauce', 'Cream'],
};
const PHRASES = [
  'with fresh milk and a double shot', 'served over ice', 'sweetened with palm sugar', 'topped with whipped cream',
  'a little nutty and very smooth', 'brewed slowly from single-origin beans', 'baked every morning', 'with a crisp golden crust',
  'finished with toasted sesame', 'lightly salted', 'made to order', 'the way Bandung drinks it', 'a favourite in Jakarta',
];

function generatedCatalogue(count: number): NewProduct[] {
  const rnd = random(42);
  const categories = ['coffee', 'coffee', 'non-coffee', 'non-coffee', 'foods', 'foods', 'add-on'] as const;
  // Two live products may not share a name (in any case): a repeat gets its beans' origin, then a number.
  const taken = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${name} No. ${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
  return Array.from({ length: count }, () => {
    const category = rnd.pick(categories);
    const flavour = rnd.pick(FLAVOURS);
    const base = `${rnd.pick(STYLES)} ${flavour} ${rnd.pick(BASES[category])}`;
    const name = unique(taken.has(base.toLowerCase()) ? `${base} ${rnd.pick(ORIGINS)}` : base);
    const price = 10_000 + Math.floor(rnd.next() * 50) * 1_000;
    return {
      name,
      description: `${flavour} and ${rnd.pick(FLAVOURS).toLowerCase()} ${rnd.pick(PHRASES)}, ${rnd.pick(PHRASES)}; ${rnd.pick(ORIGINS)} beans.`,
      category,
      priceIdr: price,
      images: [],
      sizes: category === 'coffee' || category === 'non-coffee' ? [{ code: 'R', priceIdr: price }, { code: 'L', priceIdr: price + 4_000 }] : [],
      isFavorite: rnd.next() < 0.05,
      isPromo: rnd.next() < 0.05,
      isSoldOut: rnd.next() < 0.02,
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(rnd.next() * 400) * 86_400_000).toISOString(),
    };
  });
}

/** What customers type: whole words, beginnings, typos, two words, category words; all different. */
function distinctQueries(names: readonly string[], count: number): string[] {
  const rnd = random(7);
  const typo = (word: string) => {
    if (word.length < 4) return word;
    const at = 1 + Math.floor(rnd.next() * (word.length - 2));
    const kind = rnd.next();
    if (kind < 0.33) return word.slice(0, at) + word.slice(at + 1); // missing letter
    if (kind < 0.66) return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2); // swapped
    return word.slice(0, at) + 'aeiou'[Math.floor(rnd.next() * 5)] + word.slice(at + 1); // wrong letter
  };
  const queries = new Set<string>(['coffee', 'kopi', 'tea', 'teh', 'makanan', 'snack', 'add-on', 'non-coffee', 'minuman', 'capucino']);
  for (let tries = 0; queries.size < count && tries < count * 100; tries++) {
    const words = rnd.pick(names).toLowerCase().split(' ');
    const chosen = words.filter(() => rnd.next() < 0.5).slice(0, 2);
    if (chosen.length === 0) chosen.push(rnd.pick(words));
    const shaped = chosen.map((word) => {
      const r = rnd.next();
      if (r < 0.3) return typo(word);
      if (r < 0.5 && word.length > 4) return word.slice(0, 3 + Math.floor(rnd.next() * (word.length - 3)));
      return word;
    });
    if (rnd.next() < 0.1) shaped.push(rnd.pick(['coffee', 'tea', 'kopi', 'food']));
    queries.add(shaped.join(' '));
  }
  return [...queries];
}

async function seedLargeCatalogue(dataDir: string): Promise<void> {
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'coffee-shop.sqlite') });
  try {
    await migrateToLatest(database);
    const repo = createProductService({ db: database.db });
    await repo.transaction(async (trx) => {
      for (const product of generatedCatalogue(LARGE_CATALOGUE)) await repo.storeProduct(product, trx);
    });
  } finally {
    await database.destroy();
  }
}

type Case = 'list' | 'product' | 'search';

/** Two runs as one: mean throughput, the worse latency, every error. */
function mean(a: Load, b: Load): Load {
  return {
    reqPerSec: Math.round((a.reqPerSec + b.reqPerSec) / 2),
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    errors: a.errors + b.errors,
  };
}

interface Measured {
  label: string;
  total: number;
  rows: Record<string, string | number>[];
  shop: Record<Case, Load>;
  bare: Record<Case, Load>;
}

async function benchCatalogue(label: string, large: boolean): Promise<Measured> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-bench-catalogue-'));
  try {
    if (large) await seedLargeCatalogue(dataDir);
    const startedAt = performance.now();
    const shop = await startShop({ dataDir, env: { DEMO_DATA: large ? 'false' : 'true' } });
    const ready = performance.now();
    let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
    try {
      const base = shop.url;
      const all = (await (await fetch(`${base}/api/v1/products?page=1&limit=100`)).json()) as {
        data: { id: number | string; name: string }[];
        meta: { total: number };
      };
      const firstSearchAt = performance.now();
      await (await fetch(`${base}/api/v1/products?search=capucino&${PAGE}`)).arrayBuffer();
      const firstSearchMs = performance.now() - firstSearchAt;

      const names = all.data.map((p) => p.name);
      const searchPaths = distinctQueries(names, DISTINCT_QUERIES).map((q) => `/api/v1/products?search=${encodeURIComponent(q)}&${PAGE}`);
      const cases: [Case, string, string[]][] = [
        ['list', 'list (page of 24)', [`/api/v1/products?${PAGE}`]],
        ['product', 'one product', [`/api/v1/products/${String(all.data[0]?.id)}`]],
        ['search', `search, ${DISTINCT_QUERIES} distinct queries`, searchPaths],
      ];

      // The bytes the shop answers, fetched once (this also fills the shop's cache for list and product alike).
      const answers = new Map<string, Answer>();
      for (const [, , paths] of cases) {
        for (const p of paths) answers.set(p, await fetchAnswer(base + p));
      }
      bare = await startBareServer(answers);

      console.log(
        `  ${label}: ${all.meta.total} products; listening ${Math.round(ready - startedAt)} ms after start, first search ${Math.round(firstSearchMs)} ms`,
      );
      const measured: Measured = { label, total: all.meta.total, rows: [], shop: {} as Record<Case, Load>, bare: {} as Record<Case, Load> };
      for (const [key, name, paths] of cases) {
        // Shop, bare, bare, shop: whatever else the machine does in that minute falls on both alike.
        const shopFirst = await load(base, paths, CONNECTIONS);
        const bareFirst = await load(bare.url, paths, CONNECTIONS);
        const bareSecond = await load(bare.url, paths, CONNECTIONS);
        const onShop = mean(shopFirst, await load(base, paths, CONNECTIONS));
        const onBare = mean(bareFirst, bareSecond);
        measured.shop[key] = onShop;
        measured.bare[key] = onBare;
        measured.rows.push({
          catalogue: label,
          endpoint: name,
          'shop req/s': onShop.reqPerSec,
          'shop p50 ms': onShop.p50,
          'shop p99 ms': onShop.p99,
          'bare req/s': onBare.reqPerSec,
          'bare p99 ms': onBare.p99,
          'shop/bare': ratio(onShop.reqPerSec, onBare.reqPerSec),
          errors: onShop.errors + onBare.errors,
        });
      }
      return measured;
    } finally {
      await bare?.stop();
      await shop.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** List, one product and search, at the demo menu's size and at 10,000 products, each beside the bare server. */
export async function benchCatalogueSection(): Promise<Figure[]> {
  console.log(`\n== Catalogue vs a bare node:http server (same bytes, same run): ${CONNECTIONS} connections, each case run twice on each, alternately, ${DURATION} s a run, ${machine()}`);
  const small = await benchCatalogue('demo menu', false);
  const large = await benchCatalogue(`${LARGE_CATALOGUE} products`, true);
  printTable('Catalogue', [...small.rows, ...large.rows]);

  const figures: Figure[] = [];
  for (const m of [small, large]) {
    for (const [key, name] of [['list', 'list'], ['product', 'one product']] as const) {
      const r = ratio(m.shop[key].reqPerSec, m.bare[key].reqPerSec);
      figures.push({
        section: 'catalogue',
        figure: `${name} at ${m.total} products, shop/bare req/s`,
        value: `${r} (${m.shop[key].reqPerSec}/${m.bare[key].reqPerSec})`,
        target: `>= ${TARGET.ofBare}`,
        met: r >= TARGET.ofBare && m.shop[key].errors === 0,
      });
    }
    figures.push({
      section: 'catalogue',
      figure: `search at ${m.total} products, p99 (${CONNECTIONS} distinct at once)`,
      value: `${m.shop.search.p99} ms (${m.shop.search.reqPerSec} req/s, ${ratio(m.shop.search.reqPerSec, m.bare.search.reqPerSec)} of bare)`,
      // The target is set for the large catalogue; the demo menu's figure is shown beside it.
      target: m === large ? `<= ${TARGET.searchP99Ms} ms` : '',
      met: m === large ? m.shop.search.p99 <= TARGET.searchP99Ms && m.shop.search.errors === 0 : undefined,
    });
  }
  return figures;
}
