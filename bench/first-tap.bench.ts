/**
 * The first-tap section of `npm run bench` (decision 024): a customer on a mid-range phone (360x780, 4x slower CPU,
 * 1.6 Mbps down, 150 ms round trip) opens the menu or a product page and taps as soon as the control is painted,
 * before the app has started. Each of BENCH_TAP_RUNS loads (20 by default, a fresh browser profile each time) records:
 * when the control painted, when the tap was visibly answered (the busy state boot.ts shows, or the effect itself),
 * when it took effect, whether it was lost or done twice, whether a choice reverted and whether the page jumped when
 * the app started. Lighthouse's score and time to interactive for the same page stand beside them: Lighthouse does
 * not tap, and its score hides what this measures. Needs Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
import fs from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Skipped, machine, printTable, startShop, type Figure } from './lib.js';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_TAP_RUNS ?? 20);
const PHONE = { width: 360, height: 780 };
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const TARGET = { answerMs: 300, score: 95 };
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** One load: milliseconds from navigation start, or null when it never happened. */
interface Load {
  paint: number;
  /** When the first tap reached the page. */
  tapAt: number | null;
  /** From the tap to its visible answer (null: never answered). */
  answeredIn: number | null;
  effect: number | null;
  started: number | null;
  /** Times the tap took effect (1 is right; 0 lost; 2 or more done twice). */
  effects: number;
  reverted: boolean;
  jumped: boolean;
}

/** What is tapped on a page, and how its effect is read in the page. */
interface Case {
  name: string;
  path: string;
  /** The control tapped first: its selector (a choice on the product page, a tab on the menu). */
  choice: string;
  /** Whether the choice shows as made, read in the page. */
  chosen: () => boolean;
  /** A second control (Add to Cart), tapped right after the first, whose effect is counted; none on the menu. */
  action?: string;
  /** Times the tapped controls have taken effect, read in the page. */
  effects: () => number;
}

const CASES: Case[] = [
  {
    name: 'product page: Large, then Add to Cart',
    path: '/products/3',
    choice: 'label[title="Large"]',
    chosen: () => document.querySelector<HTMLInputElement>('input[type=radio][value="L"]')?.checked === true,
    action: 'button:has-text("Add to Cart")',
    effects: () => {
      const cart = JSON.parse(localStorage.getItem('@cart') ?? '{"lines":[]}') as { lines: { size: string; quantity: number }[] };
      return cart.lines.filter((line) => line.size === 'L').reduce((n, line) => n + line.quantity, 0);
    },
  },
  {
    name: 'menu: the Foods tab',
    path: '/products',
    choice: '[role=tab]:has-text("Foods")',
    chosen: () => document.querySelector('[role=tab][aria-selected=true]')?.textContent?.includes('Foods') === true,
    effects: () => (new URL(location.href).searchParams.get('tab') === 'foods' ? 1 : 0),
  },
];

export async function benchFirstTapSection(): Promise<Figure[]> {
  if (!fs.existsSync(chromePath)) throw new Skipped(`the first-tap bench needs Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  console.log(`\n== First tap on a phone (360x780, 4x CPU, 1.6 Mbps, 150 ms): ${RUNS} loads per page; ${machine()}`);
  const shop = await startShop();
  try {
    const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS });
    const rows: Record<string, string | number>[] = [];
    const figures: Figure[] = [];
    try {
      for (const bench of CASES) {
        const loads: Load[] = [];
        for (let run = 0; run < RUNS; run++) loads.push(await tapOnce(browser, `${shop.url}${bench.path}`, bench));
        const { score, tti } = await lighthouseOf(`${shop.url}${bench.path}`);
        const lost = loads.filter((l) => l.effects === 0).length;
        const twice = loads.filter((l) => l.effects > 1).length;
        const slowAnswers = loads.filter((l) => l.answeredIn === null || l.answeredIn > TARGET.answerMs).length;
        const reverted = loads.filter((l) => l.reverted).length;
        const jumped = loads.filter((l) => l.jumped).length;
        const worstAnswer = Math.max(...loads.map((l) => l.answeredIn ?? Infinity));
        rows.push({
          page: bench.path,
          'control paints ms': median(loads.map((l) => l.paint)),
          'first tap ms': median(loads.map((l) => l.tapAt ?? NaN)),
          'answered in ms (worst)': Number.isFinite(worstAnswer) ? Math.round(worstAnswer) : 'never',
          'app starts ms': median(loads.map((l) => l.started ?? NaN)),
          'tap takes effect ms': median(loads.map((l) => l.effect ?? NaN)),
          'taps lost': lost,
          'done twice': twice,
          reverted,
          'scroll jumps': jumped,
          'Lighthouse score': score,
          'Lighthouse TTI ms': tti,
        });
        const at = bench.path;
        figures.push(
          { section: 'first-tap', figure: `${at} control paints (median)`, value: `${(median(loads.map((l) => l.paint)) / 1000).toFixed(2)} s`, target: '' },
          { section: 'first-tap', figure: `${at} first tap takes effect (median)`, value: `${(median(loads.map((l) => l.effect ?? NaN)) / 1000).toFixed(2)} s`, target: '' },
          { section: 'first-tap', figure: `${at} taps lost or done twice`, value: `${lost + twice} of ${RUNS}`, target: '0', met: lost + twice === 0 },
          { section: 'first-tap', figure: `${at} taps answered later than 0.3 s`, value: `${slowAnswers} of ${RUNS}`, target: '0', met: slowAnswers === 0 },
          { section: 'first-tap', figure: `${at} reverted choices, scroll jumps`, value: `${reverted}, ${jumped}`, target: '0, 0', met: reverted + jumped === 0 },
          { section: 'first-tap', figure: `${at} Lighthouse score (TTI)`, value: `${score} (${(tti / 1000).toFixed(2)} s)`, target: `>= ${TARGET.score}`, met: score >= TARGET.score },
        );
      }
    } finally {
      await browser.close();
    }
    printTable('First tap on a phone: medians over the loads, ms from navigation start', rows);
    return figures;
  } finally {
    await shop.stop();
  }
}

async function tapOnce(browser: Browser, url: string, bench: Case): Promise<Load> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    // In the page, from its first script on: when the first tap reached it, and when the page first answered it
    // (boot.ts's busy state on a held tap, or the app itself once started).
    await page.addInitScript(() => {
      const marks = { tapAt: null as number | null, answeredAt: null as number | null };
      Object.assign(window, { __firstTap: marks });
      addEventListener('pointerdown', () => (marks.tapAt ??= performance.now()), true);
      new MutationObserver(() => {
        if (marks.tapAt === null) return;
        if (document.querySelector('[data-tap-pending]') || document.documentElement.hasAttribute('data-app-started')) marks.answeredAt ??= performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-tap-pending', 'data-app-started'] });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    const choice = page.locator(bench.choice).first();
    await choice.waitFor({ state: 'visible', timeout: 60_000 });
    const paint = await since(page);
    await choice.tap({ noWaitAfter: true });
    if (bench.action) await page.locator(bench.action).first().tap({ noWaitAfter: true });
    // Where the customer is once the taps are made (tapping scrolls the control into view): the app must keep it.
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const started = await waitFor(page, () => document.documentElement.hasAttribute('data-app-started'), 30_000);
    const effect = await waitFor(page, bench.effects, 15_000);
    // Let a second, wrong replay have its chance to show before counting.
    await page.waitForTimeout(500);
    const effects = await page.evaluate(bench.effects);
    const reverted = !(await page.evaluate(bench.chosen));
    const jumped = Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore) > 1;
    const marks = await page.evaluate(() => (window as unknown as { __firstTap: { tapAt: number | null; answeredAt: number | null } }).__firstTap);
    // A tap made after the app had started is answered by the app itself: at once.
    const answeredIn = marks.tapAt === null ? null : marks.answeredAt === null ? (started !== null && started <= marks.tapAt ? 0 : null) : Math.max(0, marks.answeredAt - marks.tapAt);
    return { paint, tapAt: marks.tapAt, answeredIn, effect, started, effects, reverted, jumped };
  } finally {
    await context.close();
  }
}

/** Milliseconds since the page's navigation started, read in the page. */
const since = (page: Page) => page.evaluate(() => performance.now());

/** When `check` first held in the page (ms since navigation start), or null within `timeoutMs`. */
async function waitFor(page: Page, check: () => unknown, timeoutMs: number): Promise<number | null> {
  try {
    await page.waitForFunction(check, undefined, { timeout: timeoutMs, polling: 'raf' });
    return await since(page);
  } catch {
    return null;
  }
}

async function lighthouseOf(url: string): Promise<{ score: number; tti: number }> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...FLAGS] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    return { score: Math.round((lhr?.categories.performance?.score ?? 0) * 100), tti: Math.round(lhr?.audits.interactive?.numericValue ?? NaN) };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]): number => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN);
};
