// After `vite build` (the app) and `vite build --ssr` (src/entry-server.tsx into dist-ssr): writes the pages whose
// first screen is the same for everyone as HTML, so phones paint them before the JavaScript arrives, then stores a
// brotli and a gzip copy beside every text file of dist, which the API serves by content negotiation.
//   dist/index.html     the empty shell every other client route gets (unchanged)
//   dist/home.html      `/` prerendered;  dist/404.html  the not-found page prerendered (served with status 404)
//   dist/products.html  `/products` (its default tab, the grid loading) prerendered, its first API call preloaded
//   dist/product.html   a product page's shell: the layout around the loading screen, and PAGE_PRELOADS where the
//                       API writes the product's own preloads (its answer, its picture) at request time
//   (those two are what the API serves when it cannot render the page with its data itself)
//   dist-ssr/           kept: the server build and page-template.html, with which the API renders the menu's first
//                       products and a product page per request (apps/api/src/plugins/web-app.ts)
//   dist/app-paths.json  the app's route patterns, so the API knows which addresses are the 404 page
//   dist/csp.json        the hashes of the pages' inline scripts (the boot script), for the API's Content-Security-Policy
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const webDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(webDir, 'dist');
const ssrDir = path.join(webDir, 'dist-ssr');

const { renderPage, renderShell, productsFirstRequest, appPaths, composePage, splitHead, inPageLanguage, manifestPath, manifestWords, LANGUAGES } =
  await import(path.join(ssrDir, 'entry-server.js'));
const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// The build's chunk list: the boot script's file, and each route's chunks for a drawn page's preloads.
const viteManifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
// Replaced by the API (apps/api/src/plugins/web-app.ts) with the preloads of the product asked for.
const PAGE_PRELOADS = '<!--page-preloads-->';

// The font of the first screen's largest text (the hero heading, Rubik 700), preloaded so it does not reflow
// late. Only that one: more preloads took bandwidth from the hero picture and delayed the largest paint.
const FIRST_SCREEN_FONTS = ['rubik-latin-700-normal'];
const assetFiles = fs.readdirSync(path.join(dist, 'assets'));
const fontPreloads = FIRST_SCREEN_FONTS.map((font) => {
  const file = assetFiles.find((name) => name.startsWith(`${font}-`) && name.endsWith('.woff2'));
  if (!file) throw new Error(`The font ${font} is not in dist/assets: update FIRST_SCREEN_FONTS.`);
  return `<link rel="preload" as="font" type="font/woff2" href="/assets/${file}" crossorigin>`;
}).join('');

/** The stylesheet inlined: one request fewer before the first paint (the CSP allows inline styles). */
function inlineStylesheet(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g, (_tag, href) => {
    const css = fs.readFileSync(path.join(dist, href), 'utf8');
    return `<style>${css}</style>`;
  });
}

/**
 * A drawn page starts the app after its first paint (src/boot.ts): the app's script and module preloads are taken
 * out of the page and named on the boot script instead, which adds them back once the page is on screen. The boot
 * script is written into the page itself (a classic inline script in <head>, before anything is painted): a separate
 * request arrived a round trip after the HTML, by which time a phone could already show the controls, and a tap made
 * then was lost (decision 024). The API's Content-Security-Policy allows it by its hash, which this step writes to
 * dist/csp.json; the built file is removed, as no page asks for it.
 */
const inlineScriptHashes = [];
function bootAfterPaint(html) {
  const boot = viteManifest['src/boot.ts']?.file;
  if (!boot) throw new Error('dist/.vite/manifest.json has no src/boot.ts entry: see vite.config.ts.');
  const app = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!app) throw new Error("dist/index.html has no module script: cannot start the app after the first paint.");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const bootFile = path.join(dist, boot);
  const code = fs.readFileSync(bootFile, 'utf8').trim();
  // A classic script cannot import or export, and must not end the <script> element early.
  if (/^\s*(?:import|export)\b|<\/script/im.test(code)) {
    throw new Error('src/boot.ts built into a module that imports or exports: it must stand alone to be inlined.');
  }
  // Its own scope: the minified top-level names are not globals.
  const inline = `(()=>{${code}})();`;
  inlineScriptHashes.push(`'sha256-${crypto.createHash('sha256').update(inline).digest('base64')}'`);
  fs.rmSync(bootFile);
  const bootTag = `<script data-app="${app}" data-preload="${preloads.join(' ')}">${inline}</script>`;
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () => bootTag);
}

// Every rendered page's frame: the shell with its stylesheet inlined, the first screen's font preloaded and the app
// started after the first paint. Kept in dist-ssr for the API, which renders the menu and product pages with their
// data per request.
const template = bootAfterPaint(inlineStylesheet(shell)).replace('</head>', () => `${fontPreloads}</head>`);
fs.writeFileSync(path.join(ssrDir, 'page-template.html'), template);
// The hashes of the inline scripts the pages carry, which the API's Content-Security-Policy allows (apps/api/src/app.ts).
fs.writeFileSync(path.join(dist, 'csp.json'), `${JSON.stringify({ scriptSrc: inlineScriptHashes })}\n`);

/**
 * An API call the page makes at start, asked for beside its JavaScript instead of after it. use-credentials, as the
 * app's fetch sends cookies (`credentials: 'include'`): the browser reuses a preload only when the two match.
 * The route's own chunks are not preloaded (modulepreload): sharing the link with the page, they delayed the first
 * paint on the simulated phone for no steady gain in the largest paint (decision 018).
 */
const fetchPreload = (href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href.replaceAll('&', '&amp;')}">`;

/** A page's file in `language`: home.html in English, home.id.html in Indonesian (the API serves each by language). */
const inLanguage = (file, language) => (language === 'en' ? file : file.replace(/\.html$/, `.${language}.html`));

/**
 * The chunks of a route module (its file and its static imports' beyond the entry), for the boot script to fetch with
 * the entry after the first paint (its data-preload), rather than after the entry has run.
 */
function routeChunks(key, into = new Set()) {
  const chunk = viteManifest[key];
  if (!chunk) throw new Error(`dist/.vite/manifest.json has no ${key}: see scripts/prerender.mjs.`);
  if (chunk.isEntry || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) routeChunks(imported, into);
  return into;
}

async function prerender(url, file, language, { render = () => renderPage(url, language), preloads = '', rootAttributes = '', route } = {}) {
  let html = composePage(template, splitHead(await render()), { extraHead: preloads, rootAttributes, language });
  if (route) {
    const chunks = [...routeChunks(route)];
    html = html.replace(/ data-preload="([^"]*)"/, (_attribute, list) => ` data-preload="${[list, ...chunks].filter(Boolean).join(' ')}"`);
  }
  fs.writeFileSync(path.join(dist, inLanguage(file, language)), html);
  console.log(`prerendered ${url} -> dist/${inLanguage(file, language)}`);
}

const appManifest = JSON.parse(fs.readFileSync(path.join(dist, 'manifest.webmanifest'), 'utf8'));
for (const language of LANGUAGES) {
  // Home's screen came with the entry before it loaded on demand as the others do: its chunks still arrive with it.
  await prerender('/', 'home.html', language, { route: 'src/app/routes/home.tsx' });
  await prerender('/404', '404.html', language);
  await prerender('/products', 'products.html', language, {
    preloads: fetchPreload(await productsFirstRequest()),
  });
  // The product's own preloads (its API answer, its picture) depend on the address: the API writes them at PAGE_PRELOADS.
  await prerender('/products/:id', 'product.html', language, {
    render: () => renderShell(language),
    preloads: PAGE_PRELOADS,
    rootAttributes: ' data-shell',
  });
  // The shell every other route gets, and the installed app's name and description, in the language.
  fs.writeFileSync(path.join(dist, inLanguage('index.html', language)), inPageLanguage(shell, language));
  const words = await manifestWords(language);
  const translated = {
    ...appManifest,
    lang: language,
    description: words.description,
    shortcuts: appManifest.shortcuts.map((shortcut) => ({ ...shortcut, name: words.menu })),
  };
  fs.writeFileSync(path.join(dist, manifestPath(language).slice(1)), `${JSON.stringify(translated, null, 2)}\n`);
}
fs.writeFileSync(path.join(dist, 'app-paths.json'), `${JSON.stringify(appPaths)}\n`);

// Precompression: once here at the strongest settings rather than per request in the API.
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|map|webmanifest)$/;

function* filesOf(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let compressed = 0;
await Promise.all(
  [...filesOf(dist)].map(async (file) => {
    const raw = fs.readFileSync(file);
    const [gz, br] = await Promise.all([
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ]);
    // A copy that saves nothing (a tiny file) is not worth a negotiation.
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    compressed += 1;
  }),
);
console.log(`precompressed ${compressed} files (brotli and gzip beside each)`);
