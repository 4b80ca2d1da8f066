// The last build step: fails the build when what a first screen waits for before it answers a tap weighs more than
// the budget, brotli-compressed as the API serves it (scripts/prerender.mjs wrote the .br copies). For each of the
// home, menu and product pages it counts:
//   - the inline boot script (src/boot.ts) written into the page;
//   - the entry script and every chunk it imports statically;
//   - the page's lazy route module and its static imports (main.tsx awaits them before it hydrates the page);
//   - any worker one of those chunks starts (a `new URL('….js', import.meta.url)` in its code).
// What loads after the first screen is up (home's sections below the hero, the session and cart work of
// app/layout-sync.tsx, later screens) is not counted. The JavaScript is the same in both languages: each page
// carries its language's words as data (entry-server.tsx inPageLanguage), whose weight is shown beside it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;

/** Each page and the route module main.tsx loads for it before hydrating. */
const PAGES = [
  { name: 'home (/)', route: 'src/app/routes/home.tsx' },
  { name: 'menu (/products)', route: 'src/app/routes/products.tsx' },
  { name: 'product (/products/:id)', route: 'src/app/routes/product-detail.tsx' },
];

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) throw new Error('dist/.vite/manifest.json has no index.html entry: is build.manifest on?');

const sizeOf = (file) => {
  const full = path.join(dist, file);
  // No .br copy means brotli saved nothing on that file: it is served as it is.
  return fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : fs.statSync(full).size;
};

/** The chunk of `key`, its static imports and the workers their code starts, added to `files`. */
function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`dist/.vite/manifest.json has no ${key}: update the budget check's PAGES.`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  const code = fs.readFileSync(path.join(dist, chunk.file), 'utf8');
  for (const [, worker] of code.matchAll(/new URL\(\s*["'`]([^"'`]+\.js)["'`]\s*,\s*import\.meta\.url/g)) {
    files.add(path.posix.join(path.posix.dirname(chunk.file), worker));
  }
}

const home = fs.readFileSync(path.join(dist, 'home.html'), 'utf8');
const inline = [...home.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
if (inline.length === 0) throw new Error('dist/home.html has no inline boot script: update the budget check.');
const brotliOf = (text) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }).length;
const inlineBytes = inline.reduce((sum, code) => sum + brotliOf(code), 0);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let over = false;
for (const page of PAGES) {
  const files = new Set();
  collect(entryKey, files);
  if (page.route) collect(page.route, files);
  const rows = [...files].map((file) => ({ file, bytes: sizeOf(file) }));
  rows.push({ file: 'inline boot script (src/boot.ts)', bytes: inlineBytes });
  rows.sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`First screen of ${page.name}, JavaScript it waits for, brotli: ${kb(total)} of ${kb(BUDGET_BYTES)}`);
  for (const row of rows) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.file}`);
  if (total > BUDGET_BYTES) {
    console.error(`  OVER the ${kb(BUDGET_BYTES)} budget by ${kb(total - BUDGET_BYTES)}: load the extra code after the first screen (import()).`);
    over = true;
  }
}
/** The words a built page carries (its `page-words` block), brotli-compressed, in each language. */
for (const [language, file] of [['en', 'home.html'], ['id', 'home.id.html']]) {
  const html = fs.readFileSync(path.join(dist, file), 'utf8');
  const words = /<script type="application\/json" id="page-words">([^<]*)<\/script>/.exec(html)?.[1];
  if (words === undefined) throw new Error(`dist/${file} carries no words: see entry-server.tsx inPageLanguage.`);
  console.log(`Words every page carries in ${language === 'en' ? 'English' : 'Indonesian'} (data in the page, not JavaScript), brotli: ${kb(brotliOf(words))}`);
}
if (over) process.exit(1);
