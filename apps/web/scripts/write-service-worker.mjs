// After the prerender step (the pages it writes are part of the shell): writes dist/sw.js from service-worker/sw.js,
// with the list of files it precaches at install and a build id computed from their contents, so a build that changes
// any of them gives the browser a new worker to install, and one that changes nothing leaves installed shops alone.
// `node scripts/write-service-worker.mjs [distDir]` (the browser suite's update story writes a second build with it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(webDir, 'dist'));

/**
 * What the shell needs offline: the pages written at build (the app's shell, home, the menu, a product's shell, 404),
 * every script and style (lazy screens too, so a tab open during a deploy still finds them), the fonts as woff2 (every
 * browser with service workers reads it), the illustrations, the icons and the manifest. Not: the precompressed
 * copies, the build's own bookkeeping (.vite, app-paths.json, csp.json) or the worker itself.
 */
const SKIP = /(?:\.br|\.gz|\.map|\.woff)$|^\/(?:\.vite\/|app-paths\.json$|csp\.json$|sw\.js$)/;

function* filesOf(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(full);
    else yield full;
  }
}

const files = [...filesOf(dist)]
  .map((full) => ({ full, url: `/${path.relative(dist, full).split(path.sep).join('/')}` }))
  .filter(({ url }) => !SKIP.test(url))
  .sort((a, b) => a.url.localeCompare(b.url));

const hash = crypto.createHash('sha256');
for (const { full, url } of files) hash.update(url).update('\0').update(fs.readFileSync(full));
const build = hash.digest('hex').slice(0, 12);
const bytes = files.reduce((sum, { full }) => sum + fs.statSync(full).size, 0);

const source = fs.readFileSync(path.join(webDir, 'service-worker', 'sw.js'), 'utf8');
const worker = source
  .replace("'__BUILD__'", () => JSON.stringify(build))
  .replace('__PRECACHE__', () => JSON.stringify(files.map(({ url }) => url)));
if (worker.includes('__BUILD__') || worker.includes('__PRECACHE__')) throw new Error('service-worker/sw.js lost its placeholders.');
fs.writeFileSync(path.join(dist, 'sw.js'), worker);
console.log(`service worker: build ${build}, ${files.length} files precached (${(bytes / 1024).toFixed(0)} KB uncompressed)`);
