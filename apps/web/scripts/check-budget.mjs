// The last build step: fails the build when the home page's initial JavaScript (its inline boot script, the entry script it
// starts after the first paint and every chunk that imports statically, i.e. what the browser must download before
// the page is interactive; lazy routes excluded)
// weighs more than the budget, brotli-compressed as the API serves it (scripts/prerender.mjs wrote the .br copies).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// react-dom (about 57 KB), react-router (27 KB) and React (3 KB) are the floor; TanStack Query's client (about 8 KB) and
// the first screen's own code (layout, visitor navigation bar, hero) are the rest. Everything else loads lazily: the
// screens, home's sections below the hero, the footer, the signed-in bar, the guards, the query hooks and the layout's
// session, cart and shop-settings work (app/layout-sync.tsx), and zod with the contract's schemas.
const BUDGET_BYTES = 100 * 1024;

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) throw new Error('dist/.vite/manifest.json has no index.html entry: is build.manifest on?');

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);

const sizeOf = (file) => {
  const full = path.join(dist, file);
  // No .br copy means brotli saved nothing on that file: it is served as it is.
  return fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : fs.statSync(full).size;
};
// The drawn pages' first script (src/boot.ts), which asks for the rest after the first paint, is written into the page
// (scripts/prerender.mjs): its bytes count too, brotli-compressed on their own (inside the page they cost no more).
const home = fs.readFileSync(path.join(dist, 'home.html'), 'utf8');
const inline = [...home.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
if (inline.length === 0) throw new Error('dist/home.html has no inline boot script: update the budget check.');
const brotliOf = (text) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }).length;
const rows = [
  ...[...files].map((file) => ({ file, bytes: sizeOf(file) })),
  ...inline.map((code) => ({ file: 'home.html: inline boot script (src/boot.ts)', bytes: brotliOf(code) })),
].sort((a, b) => b.bytes - a.bytes);
const total = rows.reduce((sum, row) => sum + row.bytes, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`Home page initial JavaScript, brotli: ${kb(total)} of ${kb(BUDGET_BYTES)}`);
for (const row of rows) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.file}`);
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}: load the extra code lazily (a route's lazy(), import()).`);
  process.exit(1);
}
