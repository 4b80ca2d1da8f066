/**
 * The first-tap section of `npm run bench` (decision 024), the issue's "a phone's first tap works" measured as it is
 * asked: a customer on a mid-range phone (360x780, 4x slower CPU, 1.6 Mbps down, 150 ms round trip, by CDP) opens a
 * product page or the menu on the shop as `npm start` serves it, and taps each control as soon as it is painted:
 * on /products/3 a size (Large), Add to Cart and the Menu button (which opens the search); on /products the Foods tab
 * and the Menu button. Each of BENCH_TAP_RUNS loads (20 by default, a fresh browser profile each time) records, in
 * the page: when each control painted (the first frame it had a box), when it was tapped, when the tap was visibly
 * answered (the first frame the control, the toast or the cart count changed: boot.ts's busy state while the app is
 * loading, the app's own answer after), when it took effect, how many times it took effect (0 lost, 2 done twice),
 * whether a choice, once made, was undone, and whether the page scrolled by itself after the last tap. Lighthouse's
 * score and time to interactive for the same page stand beside them: Lighthouse does not tap, and its score hides
 * what this measures. BENCH_TAP_DEBUG=1 prints each load's taps. Needs Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
import fs from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Skipped, machine, printTable, startShop, type Figure } from './lib.js';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_TAP_RUNS ?? 20);
const PHONE = { width: 360, height: 780 };
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const TARGET = { answerMs: 300, score: 95 };
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * How a tapped control's effect is read in the page, each frame:
 * - choice: a radio (or the label standing for one) checked, or a tab selected; made once, it must stay made;
 * - toggle: aria-expanded; every change counts (a second, wrong replay would close the menu again);
 * - add: the quantity in the visitor's cart (localStorage), which a tap raises by one.
 */
type Effect = 'choice' | 'toggle' | 'add';

interface Tap {
  name: string;
  /** The control: the first element matching the selector (and showing the text, when given). */
  selector: string;
  text?: string;
  effect: Effect;
}

interface Case {
  path: string;
  taps: Tap[];
}

const MENU: Tap = { name: 'Menu', selector: 'button[aria-label="Menu"]', effect: 'toggle' };

const CASES: Case[] = [
  {
    path: '/products/3',
    taps: [
      { name: 'Large', selector: 'label[title="Large"]', effect: 'choice' },
      { name: 'Add to Cart', selector: 'button', text: 'Add to Cart', effect: 'add' },
      MENU,
    ],
  },
  {
    path: '/products',
    taps: [{ name: 'Foods tab', selector: '[role=tab]', text: 'Foods', effect: 'choice' }, MENU],
  },
];

/** What the page recorded for one tap (ms since navigation start; null: never). */
interface TapRecord {
  paint: number | null;
  tapAt: number | null;
  answeredAt: number | null;
  effectAt: number | null;
  /** Times it took effect: 1 is right, 0 lost, 2 or more done twice. */
  effects: number;
  reverted: boolean;
}

interface Load {
  taps: TapRecord[];
  started: number | null;
  /** The most the page scrolled by itself after the last tap, px. */
  drift: number;
}
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
        const taps = loads.flatMap((load) => load.taps);
        const lost = taps.filter((tap) => tap.effects === 0).length;
        const twice = taps.filter((tap) => tap.effects > 1).length;
        const answerTimes = taps.map((tap) => (tap.tapAt === null || tap.answeredAt === null ? Infinity : tap.answeredAt - tap.tapAt));
        const slowAnswers = answerTimes.filter((ms) => ms > TARGET.answerMs).length;
        const reverted = taps.filter((tap) => tap.reverted).length;
        const jumped = loads.filter((load) => load.drift > 1).length;
        const worstAnswer = Math.max(...answerTimes);
        const first = loads.map((load) => load.taps[0]);
        const before = taps.filter((tap, i) => tap.tapAt !== null && (loads[Math.floor(i / bench.taps.length)]?.started ?? Infinity) > tap.tapAt).length;
        rows.push({
          page: bench.path,
          taps: `${taps.length} (${bench.taps.map((tap) => tap.name).join(', ')})`,
          'before app start': before,
          'first control paints ms': median(first.map((tap) => tap?.paint ?? NaN)),
          'first tap ms': median(first.map((tap) => tap?.tapAt ?? NaN)),
          'answered in ms (median, worst)': `${median(answerTimes)}, ${Number.isFinite(worstAnswer) ? Math.round(worstAnswer) : 'never'}`,
          'app starts ms': median(loads.map((load) => load.started ?? NaN)),
          'first tap takes effect ms': median(first.map((tap) => tap?.effectAt ?? NaN)),
          'taps lost': lost,
          'done twice': twice,
          reverted,
          'scroll jumps': jumped,
          'Lighthouse score': score,
          'Lighthouse TTI ms': tti,
        });
        const at = bench.path;
        const of = `of ${taps.length} taps`;
        figures.push(
          { section: 'first-tap', figure: `${at} first control paints (median)`, value: seconds(median(first.map((tap) => tap?.paint ?? NaN))), target: '' },
          { section: 'first-tap', figure: `${at} first tap takes effect (median)`, value: seconds(median(first.map((tap) => tap?.effectAt ?? NaN))), target: '' },
          { section: 'first-tap', figure: `${at} taps lost, done twice`, value: `${lost}, ${twice} ${of}`, target: '0, 0', met: lost + twice === 0 },
          { section: 'first-tap', figure: `${at} taps answered later than 0.3 s`, value: `${slowAnswers} ${of} (worst ${Number.isFinite(worstAnswer) ? `${Math.round(worstAnswer)} ms` : 'never'})`, target: '0', met: slowAnswers === 0 },
          { section: 'first-tap', figure: `${at} reverted choices, scroll jumps`, value: `${reverted}, ${jumped} in ${RUNS} loads`, target: '0, 0', met: reverted + jumped === 0 },
          { section: 'first-tap', figure: `${at} Lighthouse score (TTI)`, value: `${score} (${seconds(tti)})`, target: `>= ${TARGET.score}`, met: score >= TARGET.score },
        );
      }
    } finally {
      await browser.close();
    }
    printTable('First tap on a phone: medians over the loads (ms from navigation start); counts over every tap', rows);
    return figures;
  } finally {
    await shop.stop();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * In the page from before its first byte is parsed: each frame, whether each control has a box yet (painted), and
 * for each tapped control whether what the customer sees of it changed since the tap (answered), its effect, and
 * how far the page has scrolled since the last tap.
 */
function watchTaps(taps: Tap[]): void {
  type Marks = { paint: number | null; tapAt: number | null; answeredAt: number | null; effectAt: number | null; effects: number; reverted: boolean; seen: string | null; state: string | null };
  const find = (tap: Tap) => [...document.querySelectorAll<HTMLElement>(tap.selector)].find((el) => !tap.text || el.textContent?.trim() === tap.text);
  const quantity = () => {
    try {
      const cart = JSON.parse(localStorage.getItem('@cart') ?? '{"lines":[]}') as { lines: { quantity: number }[] };
      return cart.lines.reduce((n, line) => n + line.quantity, 0);
    } catch {
      return 0;
    }
  };
  const effectState = (tap: Tap, el: HTMLElement): string => {
    if (tap.effect === 'add') return String(quantity());
    if (tap.effect === 'toggle') return el.getAttribute('aria-expanded') ?? 'false';
    const field = el instanceof HTMLLabelElement ? el.control : el;
    return String(field instanceof HTMLInputElement ? field.checked : el.getAttribute('aria-selected') === 'true');
  };
  // What the customer sees of a control and around it: its busy state, its state, its text, the toasts, the cart count.
  const looks = (el: HTMLElement): string => {
    const field = el instanceof HTMLLabelElement ? el.control : null;
    const attributes = ['data-tap-pending', 'aria-expanded', 'aria-selected', 'aria-busy', 'disabled'].map((name) => el.getAttribute(name));
    const cartCount = document.querySelector('a[aria-label^="Your Cart"]')?.getAttribute('aria-label');
    const toasts = document.querySelectorAll('[role=status], [role=alert]').length;
    return JSON.stringify([attributes, field instanceof HTMLInputElement && field.checked, el.textContent, cartCount, toasts]);
  };
  // A control once found is kept while it is in the page (Add to Cart reads "Adding…" while it adds).
  const found: Array<HTMLElement | undefined> = [];
  const elementOf = (i: number) => {
    const tap = taps[i];
    if (tap && !found[i]?.isConnected) found[i] = find(tap);
    return found[i];
  };
  const marks: Marks[] = taps.map(() => ({ paint: null, tapAt: null, answeredAt: null, effectAt: null, effects: 0, reverted: false, seen: null, state: null }));
  const page = { marks, started: null as number | null, settledY: null as number | null, drift: 0 };
  Object.assign(window, { __taps: page });
  addEventListener(
    'pointerdown',
    (event) => {
      const index = taps.findIndex((tap, i) => marks[i]?.tapAt === null && (event.target as Element).closest?.(tap.selector) === elementOf(i));
      const mark = marks[index];
      const el = elementOf(index);
      if (!mark || !el) return;
      // When the finger touched (the input's own time stamp), not when the page got round to it: a tap that waits
      // behind a long task is answered that much later.
      mark.tapAt = event.timeStamp;
      mark.seen = looks(el);
    },
    true,
  );
  const frame = () => {
    const now = performance.now();
    if (page.started === null && document.documentElement.hasAttribute('data-app-started')) page.started = now;
    if (page.settledY !== null) page.drift = Math.max(page.drift, Math.abs(scrollY - page.settledY));
    taps.forEach((tap, i) => {
      const mark = marks[i];
      const el = elementOf(i);
      if (!mark || !el) return;
      if (mark.paint === null && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') mark.paint = now;
      if (mark.tapAt !== null && mark.answeredAt === null && looks(el) !== mark.seen) mark.answeredAt = now;
      const state = effectState(tap, el);
      if (mark.state !== null && state !== mark.state) {
        if (tap.effect === 'add') mark.effects += Math.max(0, Number(state) - Number(mark.state));
        else if (tap.effect === 'toggle') mark.effects += 1;
        else if (state === 'true') mark.effects += 1;
        else if (mark.effects > 0) mark.reverted = true;
        mark.effectAt ??= now;
      }
      // The starting state: before the tap (a control that starts chosen would not count as an effect).
      mark.state = state;
    });
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function tapOnce(browser: Browser, url: string, bench: Case): Promise<Load> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    // tsx (esbuild's keepNames) wraps watchTaps's inner functions in __name(), which the page does not have.
    await page.addInitScript('globalThis.__name = (fn) => fn;');
    await page.addInitScript(watchTaps, bench.taps);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    for (const [index] of bench.taps.entries()) {
      // As soon as the page has painted the control: brought into view if it is not (as a thumb scrolls), then tapped
      // where it is, with no waiting for it to be "ready" (that is what a customer does not do).
      await page.waitForFunction((i) => (window as unknown as PageMarks).__taps.marks[i]?.paint != null, index, { timeout: 60_000, polling: 'raf' });
      const box = await page.evaluate(([i, tap]) => {
        if (!tap) return null;
        const el = [...document.querySelectorAll<HTMLElement>(tap.selector)].find((found) => !tap.text || found.textContent?.trim() === tap.text);
        if (!el) return null;
        const inView = (r: DOMRect) => r.top >= 0 && r.bottom <= innerHeight;
        if (!inView(el.getBoundingClientRect())) el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2, i, now: performance.now() };
      }, [index, bench.taps[index]] as const);
      if (!box) throw new Error(`${bench.taps[index]?.name} painted, then vanished`);
      await page.touchscreen.tap(box.x, box.y);
      if (process.env.BENCH_TAP_DEBUG) console.log(`  ${bench.taps[index]?.name}: seen painted and tapped at ${Math.round(box.now)} ms`);
    }
    // Where the customer is once done tapping: the page must stay there.
    await page.evaluate(() => {
      const state = (window as unknown as PageMarks).__taps;
      state.settledY = scrollY;
    });
    await page.waitForFunction(() => (window as unknown as PageMarks).__taps.started !== null, undefined, { timeout: 30_000, polling: 200 }).catch(() => undefined);
    // Every tap's effect, or 15 s; then half a second more for a second, wrong replay to show before counting.
    await page
      .waitForFunction(() => (window as unknown as PageMarks).__taps.marks.every((mark) => mark.effects > 0), undefined, { timeout: 15_000, polling: 200 })
      .catch(() => undefined);
    await page.waitForTimeout(500);
    const state = await page.evaluate(() => (window as unknown as PageMarks).__taps);
    if (process.env.BENCH_TAP_DEBUG) {
      const line = state.marks.map((m, i) => `${bench.taps[i]?.name} touched ${Math.round(m.tapAt ?? NaN)} answered +${Math.round((m.answeredAt ?? NaN) - (m.tapAt ?? NaN))}`);
      console.log(`  app started ${Math.round(state.started ?? NaN)}: ${line.join('; ')}`);
    }
    return {
      taps: state.marks.map(({ paint, tapAt, answeredAt, effectAt, effects, reverted }) => ({ paint, tapAt, answeredAt, effectAt, effects, reverted })),
      started: state.started,
      drift: state.drift,
    };
  } finally {
    await context.close();
  }
}

/** What watchTaps keeps in the page. */
interface PageMarks {
  __taps: { marks: TapRecord[]; started: number | null; settledY: number | null; drift: number };
}

async function lighthouseOf(url: string): Promise<{ score: number; tti: number }> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...FLAGS] });
  try {
    let lhr;
    // Once more when Lighthouse could not finish (its runtimeError, e.g. a trace it could not read), as bench:lighthouse does.
    for (let attempt = 1; attempt <= 2 && (!lhr || lhr.runtimeError); attempt += 1) {
      lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))?.lhr;
    }
    return { score: Math.round((lhr?.categories.performance?.score ?? 0) * 100), tti: Math.round(lhr?.audits.interactive?.numericValue ?? NaN) };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]): number => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN);
};
