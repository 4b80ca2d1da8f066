/**
 * The Lighthouse section of `npm run bench`: starts the built shop on a fresh SQLite database with the demo menu and
 * runs Lighthouse's mobile performance audit (a mid-range phone on a slow 4G link, simulated) on the home page, the
 * menu and a product page, printing the score, First Contentful Paint, Largest Contentful Paint and Cumulative
 * Layout Shift of each. Needs Chromium: CHROME_PATH, else /usr/bin/chromium (Debian's `chromium` package).
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Skipped, machine, printTable, startShop, type Figure } from './lib.js';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Targets the shop aims for on a phone; shown, not asserted (the figures vary with the machine's load).
const TARGET = { score: 95, fcpMs: 1800, lcpMs: 2500, cls: 0.1 };

export async function benchLighthouseSection(): Promise<Figure[]> {
  if (!fs.existsSync(chromePath)) {
    throw new Skipped(`Lighthouse needs Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  }
  console.log(`\n== Lighthouse: home, menu and a product page on a simulated phone; ${machine()}`);
  const shop = await startShop();
  try {
    const chrome = await chromeLauncher.launch({
      chromePath,
      // Without the background-networking flags Chromium keeps calling Google's hosts, which a closed network refuses.
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      return await audit(shop.url, chrome.port);
    } finally {
      chrome.kill();
    }
  } finally {
    await shop.stop();
  }
}

/** Tries a page whose audit could not finish (Lighthouse's runtimeError, e.g. a trace it could not read) once more. */
async function auditPage(url: string, chromePort: number) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure || attempt === 2) return result.lhr;
    console.log(`  ${url}: Lighthouse could not finish the audit (${failure.code}: ${failure.message}); trying once more`);
  }
}

async function audit(base: string, chromePort: number): Promise<Figure[]> {
  const list = (await (await fetch(`${base}/api/v1/products?limit=1`)).json()) as { data: { id: number }[] };
  const id = list.data[0]?.id;
  if (id === undefined) throw new Error('the demo menu is empty');

  const rows: Record<string, string | number>[] = [];
  const figures: Figure[] = [];
  let version = '';
  for (const page of ['/', '/products', `/products/${id}`]) {
    const lhr = await auditPage(`${base}${page}`, chromePort);
    version = lhr.lighthouseVersion;
    const ms = (name: string) => Math.round(lhr.audits[name]?.numericValue ?? NaN);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const fcp = ms('first-contentful-paint');
    const lcp = ms('largest-contentful-paint');
    const cls = +(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3);
    rows.push({
      page,
      performance: score,
      'FCP ms': fcp,
      'LCP ms': lcp,
      CLS: cls,
      'TBT ms': ms('total-blocking-time'),
      'JS+CSS bytes': lhr.audits['resource-summary']?.details?.type === 'table'
        ? (lhr.audits['resource-summary'].details.items as { resourceType: string; transferSize: number }[])
            .filter((item) => item.resourceType === 'script' || item.resourceType === 'stylesheet')
            .reduce((sum, item) => sum + item.transferSize, 0)
        : NaN,
    });
    figures.push(
      { section: 'lighthouse', figure: `${page} performance`, value: String(score), target: `>= ${TARGET.score}`, met: score >= TARGET.score },
      { section: 'lighthouse', figure: `${page} FCP`, value: `${(fcp / 1000).toFixed(2)} s`, target: `< ${TARGET.fcpMs / 1000} s`, met: fcp < TARGET.fcpMs },
      { section: 'lighthouse', figure: `${page} LCP`, value: `${(lcp / 1000).toFixed(2)} s`, target: `< ${TARGET.lcpMs / 1000} s`, met: lcp < TARGET.lcpMs },
      { section: 'lighthouse', figure: `${page} CLS`, value: String(cls), target: `< ${TARGET.cls}`, met: cls < TARGET.cls },
    );
  }
  printTable(`Lighthouse ${version}, mobile (simulated slow 4G, 4x CPU slowdown)`, rows);
  return figures;
}
