/**
 * `npm run bench` (after `npm run build`): every section in one run, each printing its table, then one summary of
 * every figure beside its target. Targets are shown, not asserted: the figures move with whatever else the machine
 * is doing, which is why the catalogue is measured as a ratio to a bare server running in the same minute.
 * `tsx bench/run-all.ts orders lighthouse` runs only the sections named.
 */
import { benchFirstTapSection } from './first-tap.bench.js';
import { benchLighthouseSection } from './lighthouse.bench.js';
import { Skipped, machine, printTable, type Figure } from './lib.js';
import { benchOrdersSection } from './orders.bench.js';
import { benchReportsSection } from './reports.bench.js';
import { benchScaleOutSection } from './scale-out.bench.js';
import { benchCatalogueSection } from './search.bench.js';
import { benchStreamsSection } from './streams.bench.js';

const SECTIONS: Record<string, () => Promise<Figure[]>> = {
  catalogue: benchCatalogueSection,
  orders: benchOrdersSection,
  reports: benchReportsSection,
  lighthouse: benchLighthouseSection,
  'first-tap': benchFirstTapSection,
  'scale-out': benchScaleOutSection,
  streams: benchStreamsSection,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`Unknown bench section ${unknown.join(', ')}: choose from ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}

const startedAt = performance.now();
console.log(`Coffee Shop bench on ${machine()}. Figures, not assertions: a busy machine moves them from run to run.`);
const figures: Figure[] = [];
for (const name of asked.length > 0 ? asked : Object.keys(SECTIONS)) {
  const run = SECTIONS[name] as () => Promise<Figure[]>;
  try {
    figures.push(...(await run()));
  } catch (err) {
    if (!(err instanceof Skipped)) throw err;
    console.log(`  skipped: ${err.message}`);
    figures.push({ section: name, figure: '(whole section)', value: `skipped: ${err.message}`, target: '' });
  }
}

printTable(
  `Summary (${Math.round((performance.now() - startedAt) / 1000)} s; ✓ target met, ✗ missed, – no target)`,
  figures.map((f) => ({
    section: f.section,
    figure: f.figure,
    value: f.value,
    target: f.target || '–',
    met: f.met === undefined ? '–' : f.met ? '✓' : '✗',
  })),
);
const judged = figures.filter((f) => f.met !== undefined);
console.log(
  `\n${judged.filter((f) => f.met).length} of ${judged.length} targets met (shown, not asserted: a missed target does not fail the bench).`,
);
