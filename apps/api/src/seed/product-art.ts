import type { Category } from '@coffee/contract';
import sharp from 'sharp';

/**
 * The one picture generator of the shop: product illustrations drawn as SVG and rasterised by sharp.
 * It draws the committed pictures of the demo menu (`npm run seed:pictures`) and the picture of any product
 * staff add without one, so every product shows a picture in the same style.
 * One flat, softly shaded style for everything: a warm tinted disc behind the subject, a blurred ground
 * shadow, rounded shapes lit from the upper left, and the brand palette.
 */

export const ART_KINDS = [
  'hot-cup',
  'small-cup',
  'mug',
  'iced-glass',
  'plastic-cup',
  'bottle',
  'carton',
  'shot',
  'ramekin',
  'coffee-bag',
  'tumbler',
  'fried-rice',
  'noodles',
  'rice-bowl',
  'fries',
  'wings',
  'fritters',
  'croissant',
  'donut',
  'cake-slice',
  'cookies',
  'toast',
  'loaf-slice',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export const TOPPINGS = [
  'ice',
  'whipped',
  'banana',
  'boba',
  'tiger',
  'drizzle',
  'sprinkles',
  'cocoa',
  'latte-art',
  'crema',
  'foam',
  'leaf',
  'citrus',
  'lychee',
  'marshmallow',
  'ginger',
  'pump',
  'sauce',
  'jelly',
  'egg',
  'krupuk',
  'greens',
  'cheese',
  'sugar',
  'almond',
  'sesame',
  'layers',
  'oat',
  'beans',
] as const;
export type Topping = (typeof TOPPINGS)[number];

export type ArtSpec = {
  readonly kind: ArtKind;
  /** The drink, or the dish's dominant food: rice, pastry crust, glaze, sponge. */
  readonly color: string;
  /** Top layer: milk foam, espresso float, frosting, cream. */
  readonly topColor?: string;
  /** Bottom layer: syrup under the milk, a cake's crust. */
  readonly bottomColor?: string;
  readonly toppings?: readonly Topping[];
  /** Colour of the sauce, drizzle, fruit or garnish named in `toppings`. */
  readonly toppingColor?: string;
  /** The vessel: cup, straw, label, plate ring, basket, board. */
  readonly accent: string;
  /** The soft disc behind the subject. */
  readonly backdrop: string;
};

export const PICTURE_SIZE = 640;
const CX = 320;
const GROUND = 546;
const BRAND_BROWN = '#6A4029';
const INK = '#2E1B10';
const WHITE = '#FFFFFF';
const CREAM = '#FFF8EE';

// Colours end up inside SVG attributes, so anything but a plain hex colour is refused rather than escaped.
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function assertArt(art: ArtSpec): void {
  if (!ART_KINDS.includes(art.kind)) throw new Error(`art.kind must be one of: ${ART_KINDS.join(', ')}`);
  const colours = {
    color: art.color,
    topColor: art.topColor,
    bottomColor: art.bottomColor,
    toppingColor: art.toppingColor,
    accent: art.accent,
    backdrop: art.backdrop,
  };
  for (const [field, value] of Object.entries(colours)) {
    if (value !== undefined && !HEX_COLOUR.test(value)) throw new Error(`art.${field} must be a #rrggbb colour`);
  }
  for (const topping of art.toppings ?? []) {
    if (!TOPPINGS.includes(topping)) throw new Error(`art.toppings: unknown topping '${String(topping)}'`);
  }
}

// ---------------------------------------------------------------------------------------------
// Colour and markup helpers

function rgb(hex: string): readonly [number, number, number] {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r1, r2)}${channel(g1, g2)}${channel(b1, b2)}`;
}

const light = (c: string, t: number) => mix(c, WHITE, t);
// Shading towards a warm near-black keeps shadows brown instead of muddy grey.
const dark = (c: string, t: number) => mix(c, INK, t);

function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Path data with every interpolated number rounded, so the output is compact and stable. */
function d(strings: TemplateStringsArray, ...values: readonly number[]): string {
  let out = '';
  strings.forEach((s, i) => {
    const v = values[i];
    out += s + (v === undefined ? '' : num(v));
  });
  return out;
}

type Attrs = Readonly<Record<string, string | number | undefined>>;

function el(tag: string, attrs: Attrs, inner?: string): string {
  let s = `<${tag}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined) s += ` ${k}="${typeof v === 'number' ? num(v) : v}"`;
  }
  return inner === undefined ? `${s}/>` : `${s}>${inner}</${tag}>`;
}

const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });
const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...extra });
const path = (dd: string, fill: string, extra: Attrs = {}) => el('path', { d: dd, fill, ...extra });
const stroke = (dd: string, colour: string, width: number, extra: Attrs = {}) =>
  el('path', {
    d: dd,
    fill: 'none',
    stroke: colour,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...extra,
  });
const group = (inner: string, attrs: Attrs = {}) => el('g', attrs, inner);
const at = (x: number, y: number, rotate = 0, scale = 1) =>
  `translate(${num(x)} ${num(y)})${rotate ? ` rotate(${num(rotate)})` : ''}${scale !== 1 ? ` scale(${num(scale)})` : ''}`;

type Stop = readonly [offset: number, colour: string, opacity?: number];

/** Collects gradients and clip paths; ids are numbered in drawing order, so output is deterministic. */
class Painter {
  private readonly defs: string[] = [];
  private counter = 0;

  constructor(readonly random: () => number) {}

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  private static stops(stops: readonly Stop[]): string {
    return stops
      .map(([offset, colour, opacity]) =>
        el('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity === undefined ? undefined : opacity }),
      )
      .join('');
  }

  /** Vertical by default (top to bottom of the shape). */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.nextId('l');
    this.defs.push(el('linearGradient', { id, x1, y1, x2, y2 }, Painter.stops(stops)));
    return `url(#${id})`;
  }

  /** Left-to-right shading for round vessels. */
  across(stops: readonly Stop[]): string {
    return this.linear(stops, 0, 0, 1, 0);
  }

  radial(stops: readonly Stop[], cx = 0.38, cy = 0.32, r = 0.8): string {
    const id = this.nextId('r');
    this.defs.push(el('radialGradient', { id, cx, cy, r }, Painter.stops(stops)));
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = this.nextId('c');
    this.defs.push(el('clipPath', { id }, shape));
    return `url(#${id})`;
  }

  /** A value in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.random();
  }

  pick<T>(items: readonly [T, ...T[]]): T {
    return items[Math.floor(this.random() * items.length)] ?? items[0];
  }

  markup(): string {
    return this.defs.join('');
  }
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(art: ArtSpec): number {
  const key = [
    art.kind,
    art.color,
    art.topColor,
    art.bottomColor,
    (art.toppings ?? []).join(','),
    art.toppingColor,
    art.accent,
    art.backdrop,
  ].join('|');
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const has = (art: ArtSpec, topping: Topping) => art.toppings?.includes(topping) ?? false;

type Point = readonly [number, number];

/** A closed smooth curve through the points (Catmull-Rom turned into cubic Béziers). */
function smoothClosed(points: readonly Point[]): string {
  const n = points.length;
  const p = (i: number): Point => points[((i % n) + n) % n] ?? [0, 0];
  let out = d`M${p(0)[0]},${p(0)[1]}`;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = p(i - 1);
    const [x1, y1] = p(i);
    const [x2, y2] = p(i + 1);
    const [x3, y3] = p(i + 2);
    out += d` C${x1 + (x2 - x0) / 6},${y1 + (y2 - y0) / 6} ${x2 - (x3 - x1) / 6},${y2 - (y3 - y1) / 6} ${x2},${y2}`;
  }
  return `${out}Z`;
}

/** An organic outline around an ellipse: a fried egg, a fritter, a cookie. */
function blob(p: Painter, cx: number, cy: number, rx: number, ry: number, wobble: number, count = 14): string {
  const points: Point[] = [];
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2;
    const k = 1 + p.between(-wobble, wobble);
    points.push([cx + Math.cos(angle) * rx * k, cy + Math.sin(angle) * ry * k]);
  }
  return smoothClosed(points);
}

/** Points on a heap seen from slightly above, ordered back to front so nearer pieces overlap farther ones. */
function heap(p: Painter, radius: number, height: number, spacing: number): Point[] {
  const pts: { x: number; y: number; depth: number }[] = [];
  for (let r = 0; r <= radius; r += spacing * 0.9) {
    const ring = Math.max(1, Math.round((2 * Math.PI * r) / spacing));
    const offset = p.between(0, Math.PI * 2);
    for (let i = 0; i < ring; i++) {
      const angle = offset + (i / ring) * Math.PI * 2;
      const x = Math.cos(angle) * r + p.between(-3, 3);
      const z = Math.sin(angle) * r;
      const h = height * (1 - (r / radius) ** 2);
      pts.push({ x, y: -h + z * 0.34, depth: z * 0.94 + h * 0.34 });
    }
  }
  return pts.sort((a, b) => a.depth - b.depth).map(({ x, y }) => [x, y] as const);
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

function backdrop(art: ArtSpec, p: Painter): string {
  const glow = p.radial([
    [0, WHITE, 0.4],
    [1, WHITE, 0],
  ]);
  return (
    el('rect', { width: PICTURE_SIZE, height: PICTURE_SIZE, fill: light(art.backdrop, 0.55) }) +
    circle(CX, 320, 274, art.backdrop) +
    circle(CX, 320, 274, glow) +
    circle(104, 176, 11, WHITE, { opacity: 0.75 }) +
    circle(132, 138, 5, WHITE, { opacity: 0.6 }) +
    circle(538, 456, 8, art.accent, { opacity: 0.3 })
  );
}

function groundShadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.3): string {
  return ellipse(cx, cy, rx, ry, BRAND_BROWN, { opacity, filter: 'url(#soft)' });
}

function steam(xs: readonly number[], top: number): string {
  return xs
    .map((x, i) => {
      const h = i === 1 ? 88 : 70;
      return stroke(
        d`M${x},${top} c-20,-${h * 0.4} 20,-${h * 0.6} 0,-${h} c-20,-${h * 0.4} 20,-${h * 0.6} 0,-${h}`,
        WHITE,
        11,
        { opacity: i === 1 ? 0.85 : 0.65 },
      );
    })
    .join('');
}

function coffeeBean(p: Painter, x: number, y: number, rotate: number, scale = 1): string {
  const fill = p.radial([
    [0, '#8A5433'],
    [1, '#3F2314'],
  ]);
  return group(
    ellipse(0, 0, 22, 15, fill) + stroke('M-16,2 C-6,-8 4,10 16,-2', '#2A160C', 3.5) + ellipse(-8, -6, 6, 3, WHITE, { opacity: 0.25 }),
    { transform: at(x, y, rotate, scale) },
  );
}

function whipped(p: Painter, cx: number, baseY: number, w: number, colour: string): string {
  const fill = p.linear([
    [0, light(colour, 0.7)],
    [1, dark(colour, 0.06)],
  ]);
  const tiers = [
    [0, 1, 24],
    [-26, 0.84, 27],
    [-54, 0.64, 25],
    [-78, 0.42, 21],
  ] as const;
  let s = '';
  for (const [dy, k, ry] of tiers) {
    s += ellipse(cx, baseY + dy + 7, w * k, ry, dark(colour, 0.16), { opacity: 0.7 });
    s += ellipse(cx, baseY + dy, w * k, ry, fill);
    s += ellipse(cx - w * k * 0.45, baseY + dy - ry * 0.35, w * k * 0.28, ry * 0.3, WHITE, { opacity: 0.55 });
  }
  const y = baseY - 88;
  s += path(
    d`M${cx - 24},${y + 6} C${cx - 26},${y - 22} ${cx - 2},${y - 30} ${cx + 6},${y - 46} C${cx + 18},${y - 26} ${cx + 28},${y - 12} ${cx + 24},${y + 6} Z`,
    fill,
  );
  return s;
}

function bananaSlice(x: number, y: number, rotate: number): string {
  let seeds = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    seeds += ellipse(Math.cos(a) * 6, Math.sin(a) * 4, 2.4, 1.8, '#A0793F');
  }
  return group(
    ellipse(0, 3, 26, 17, '#E3C25A') + ellipse(0, 0, 26, 17, '#FBEDB3', { stroke: '#EDD27A', 'stroke-width': 4 }) + seeds,
    { transform: at(x, y, rotate) },
  );
}

function iceCube(x: number, y: number, rotate: number, size = 58): string {
  const h = size / 2;
  return group(
    el('rect', {
      x: -h,
      y: -h,
      width: size,
      height: size,
      rx: 13,
      fill: WHITE,
      'fill-opacity': 0.34,
      stroke: WHITE,
      'stroke-opacity': 0.85,
      'stroke-width': 3,
    }) + el('rect', { x: -h + 9, y: -h + 8, width: size * 0.42, height: size * 0.2, rx: 5, fill: WHITE, opacity: 0.6 }),
    { transform: at(x, y, rotate) },
  );
}

function pearl(x: number, y: number, r: number, fill: string): string {
  return circle(x, y, r, fill) + circle(x - r * 0.32, y - r * 0.35, r * 0.28, WHITE, { opacity: 0.55 });
}

function leaf(x: number, y: number, rotate: number, colour: string, length = 110): string {
  const k = length / 110;
  return group(
    path('M0,0 C22,-34 62,-62 110,-70 C84,-30 52,-4 0,0 Z', colour) + stroke('M6,-4 C40,-26 70,-46 100,-64', light(colour, 0.3), 3),
    { transform: `${at(x, y, rotate)} scale(${num(k)})` },
  );
}

function citrusWheel(x: number, y: number, r: number, colour: string): string {
  let wedges = '';
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    const b = ((i + 1) / 8) * Math.PI * 2;
    const inner = r * 0.78;
    const polar = (angle: number, radius: number) => d`${Math.cos(angle) * radius},${Math.sin(angle) * radius}`;
    wedges += path(
      `M${polar(a + 0.08, 5)} L${polar(a + 0.06, inner)} A${num(inner)},${num(inner)} 0 0 1 ${polar(b - 0.06, inner)} Z`,
      light(colour, 0.25),
    );
  }
  return group(circle(0, 0, r, colour) + circle(0, 0, r * 0.86, '#FFFBEA') + wedges + circle(-r * 0.3, -r * 0.35, r * 0.18, WHITE, { opacity: 0.5 }), {
    transform: at(x, y),
  });
}

function sprinkleBits(p: Painter, cx: number, cy: number, rx: number, ry: number, count: number, colours: readonly [string, ...string[]], size = 1): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    const a = p.between(0, Math.PI * 2);
    const k = Math.sqrt(p.random());
    const x = cx + Math.cos(a) * rx * k;
    const y = cy + Math.sin(a) * ry * k;
    s += el('rect', {
      x: -7 * size,
      y: -2.5 * size,
      width: 14 * size,
      height: 5 * size,
      rx: 2.5 * size,
      fill: p.pick(colours),
      transform: at(x, y, p.between(0, 180)),
    });
  }
  return s;
}

function dots(p: Painter, cx: number, cy: number, rx: number, ry: number, count: number, colour: string, r: readonly [number, number], opacity = 1): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    const a = p.between(0, Math.PI * 2);
    const k = Math.sqrt(p.random());
    s += circle(cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k, p.between(r[0], r[1]), colour, { opacity });
  }
  return s;
}

function zigzag(cx: number, cy: number, w: number, h: number, turns: number): string {
  let s = d`M${cx - w / 2},${cy - h / 2}`;
  for (let i = 1; i <= turns; i++) {
    const x = cx + (i % 2 === 1 ? w / 2 : -w / 2);
    const y = cy - h / 2 + (h * i) / turns;
    const px = cx + (i % 2 === 1 ? -w / 2 : w / 2);
    const py = cy - h / 2 + (h * (i - 1)) / turns;
    s += d` C${px + (x - px) * 0.5},${py - 10} ${x - (x - px) * 0.2},${y - 14} ${x},${y}`;
  }
  return s;
}

function plate(p: Painter, cx: number, cy: number, rx: number, ry: number, accent: string): string {
  const top = p.linear([
    [0, WHITE],
    [1, '#EEE7DF'],
  ]);
  return (
    groundShadow(cx, cy + ry * 0.55, rx * 0.95, ry * 0.55) +
    ellipse(cx, cy + 11, rx, ry, '#D8CEC4') +
    ellipse(cx, cy, rx, ry, top) +
    ellipse(cx, cy, rx * 0.9, ry * 0.88, 'none', { stroke: accent, 'stroke-width': 5, opacity: 0.7 }) +
    ellipse(cx, cy + 5, rx * 0.72, ry * 0.68, '#F5EFE8')
  );
}

function board(p: Painter, accent: string): string {
  const top = p.linear([
    [0, light(accent, 0.18)],
    [1, accent],
  ]);
  const shape = (dy: number) =>
    d`M150,${392 + dy} H490 A44,44 0 0 1 534,${436 + dy} V${462 + dy} A44,44 0 0 1 490,${506 + dy}` +
    d` H150 A44,44 0 0 1 106,${462 + dy} V${436 + dy} A44,44 0 0 1 150,${392 + dy} Z`;
  return (
    groundShadow(CX, 528, 230, 26) +
    path(shape(16), dark(accent, 0.28)) +
    path(shape(0), top) +
    stroke('M156,428 C240,418 330,440 420,424 S500,430 510,428', light(accent, 0.25), 3, { opacity: 0.8 }) +
    stroke('M140,470 C220,462 300,480 380,468', dark(accent, 0.12), 3, { opacity: 0.7 }) +
    circle(512, 449, 9, dark(accent, 0.3))
  );
}

// ---------------------------------------------------------------------------------------------
// Drinks

type Drawer = (art: ArtSpec, p: Painter) => string;

function liquidFill(art: ArtSpec, p: Painter): string {
  const top = art.topColor ?? art.color;
  const bottom = art.bottomColor ?? art.color;
  const stops: Stop[] = [[0, top]];
  if (art.topColor) stops.push([0.2, top], [0.42, art.color]);
  if (art.bottomColor) stops.push([0.52, art.color], [0.76, bottom]);
  stops.push([1, bottom]);
  return p.linear(stops);
}

/** The tall glass and the Indonesian take-away plastic cup share the liquid, ice and toppings. */
function tumbler(art: ArtSpec, p: Painter, plastic: boolean): string {
  const top = plastic ? 196 : 178;
  const bot = GROUND;
  const th = plastic ? 112 : 104;
  const bh = 80;
  const half = (y: number) => th + ((bh - th) * (y - top)) / (bot - top);
  const wall = plastic ? 5 : 10;
  const outline = d`M${CX - th},${top} L${CX - bh},${bot - 14} A${bh},16 0 0 0 ${CX + bh},${bot - 14} L${CX + th},${top} Z`;
  const isWhipped = has(art, 'whipped') || has(art, 'banana');
  // Under whipped cream the drink comes up to the rim; otherwise leave room for the ice to show.
  const lt = top + (isWhipped ? 24 : plastic ? 30 : 46);
  const lb = bot - (plastic ? 18 : 32);
  const hl = half(lt) - wall;
  const hb = half(lb) - wall;
  const liquid = d`M${CX - hl},${lt} L${CX - hb},${lb} A${hb},13 0 0 0 ${CX + hb},${lb} L${CX + hl},${lt} A${hl},15 0 0 1 ${CX - hl},${lt} Z`;
  const liquidClip = p.clip(path(liquid, WHITE));
  const inner = d`M${CX - th + wall},${top} L${CX - bh + wall},${bot - 20} L${CX + bh - wall},${bot - 20} L${CX + th - wall},${top} Z`;
  const innerClip = p.clip(path(inner, WHITE));
  const topC = art.topColor ?? art.color;

  let s = groundShadow(CX, bot + 2, bh + 46, 18);
  s += path(outline, WHITE, { opacity: 0.28 });
  s += ellipse(CX, top, th, 16, WHITE, { opacity: 0.2 });

  // Straw behind the drink so the liquid covers its lower part.
  const strawW = plastic ? 26 : 17;
  const strawTop = isWhipped ? top - 150 : top - 104;
  s += stroke(d`M${CX + 22},${lb - 70} L${CX + 84},${strawTop}`, art.accent, strawW, { 'stroke-linecap': 'butt' });
  s += stroke(d`M${CX + 16},${lb - 70} L${CX + 77},${strawTop + 2}`, WHITE, strawW * 0.22, { opacity: 0.45, 'stroke-linecap': 'butt' });
  s += ellipse(CX + 84, strawTop, strawW / 2, strawW / 5, dark(art.accent, 0.3), { transform: `rotate(22 ${num(CX + 84)} ${num(strawTop)})` });

  s += path(liquid, liquidFill(art, p));
  let inside = '';
  if (has(art, 'tiger')) {
    const c = art.toppingColor ?? '#5A2E12';
    for (let i = 0; i < 7; i++) {
      const x = CX - hl + 16 + (i * (2 * hl - 32)) / 6 + p.between(-8, 8);
      const len = p.between(110, 230);
      const streak = d`M${x},${lt} c${p.between(-26, 26)},${len * 0.3} ${p.between(-26, 26)},${len * 0.6} ${p.between(-10, 10)},${len}`;
      inside += stroke(streak, c, p.between(9, 16), { opacity: 0.75 });
    }
  }
  if (has(art, 'boba')) {
    const pearlFill = p.radial([
      [0, '#7A4A2C'],
      [1, '#24140B'],
    ]);
    for (let row = 0; row < 3; row++) {
      const y = lb - 2 - row * 25;
      const w = half(y) - wall - 12;
      for (let x = CX - w + (row % 2) * 14; x <= CX + w; x += 29) {
        inside += pearl(x + p.between(-3, 3), y + p.between(-3, 3), 14, pearlFill);
      }
    }
  }
  if (has(art, 'lychee')) {
    const fruit = p.radial([
      [0, '#FFFDF8'],
      [1, '#EBD3CB'],
    ]);
    for (const [x, y] of [
      [-40, lb - 40],
      [28, lb - 34],
      [-6, lb - 84],
    ] as const) {
      inside += circle(CX + x, y, 26, fruit, { opacity: 0.95 }) + circle(CX + x - 8, y - 9, 6, WHITE, { opacity: 0.7 });
    }
  }
  // Light from the left: a lighter band on the left of the liquid, a darker one on the right.
  inside += path(
    liquid,
    p.across([
      [0, WHITE, 0.22],
      [0.35, WHITE, 0],
      [0.7, INK, 0],
      [1, INK, 0.2],
    ]),
  );
  s += group(inside, { 'clip-path': liquidClip });

  s += ellipse(CX, lt, hl, 15, light(topC, 0.14));
  if (has(art, 'drizzle') && !isWhipped) {
    const c = art.toppingColor ?? '#C27A2C';
    const clip = p.clip(ellipse(CX, lt, hl - 4, 13, WHITE));
    let lines = '';
    for (let i = -3; i <= 3; i++) lines += stroke(d`M${CX + i * 24 - 30},${lt - 16} L${CX + i * 24 + 30},${lt + 16}`, c, 4.5);
    for (let i = -3; i <= 3; i++) lines += stroke(d`M${CX + i * 24 + 30},${lt - 16} L${CX + i * 24 - 30},${lt + 16}`, c, 4.5);
    s += group(lines, { 'clip-path': clip });
  }
  if (has(art, 'sprinkles') && !isWhipped) {
    s += sprinkleBits(p, CX, lt, hl - 18, 9, 26, [art.toppingColor ?? WHITE], 0.7);
  }
  if (has(art, 'cocoa') && !isWhipped) s += dots(p, CX, lt, hl - 14, 9, 40, art.toppingColor ?? '#6B3A1E', [1.2, 2.6], 0.7);
  if (has(art, 'ice')) {
    const cubes = [
      [-46, lt + 8, -14],
      [36, lt - 4, 16],
      [-4, lt + 62, 6],
      [50, lt + 86, -22],
      [-54, lt + 118, 20],
    ] as const;
    s += group(cubes.map(([x, y, r]) => iceCube(CX + x, y, r)).join(''), { 'clip-path': innerClip });
  }
  if (has(art, 'leaf')) {
    const c = art.toppingColor ?? '#4E9A3E';
    s += leaf(CX - 40, lt + 4, -70, c, 100) + leaf(CX - 30, lt + 6, -100, dark(c, 0.12), 84);
  }

  // Glass or plastic in front.
  const rimStroke = { stroke: WHITE, 'stroke-width': plastic ? 4 : 5, opacity: 0.9 };
  s += path(outline, 'none', { stroke: BRAND_BROWN, 'stroke-width': 2, opacity: 0.12 });
  s += path(outline, 'none', rimStroke);
  s += path(d`M${CX - th + 16},${top + 28} L${CX - bh + 14},${bot - 52} L${CX - bh + 28},${bot - 52} L${CX - th + 32},${top + 28} Z`, WHITE, { opacity: 0.5 });
  s += path(d`M${CX + th - 22},${top + 40} L${CX + bh - 18},${bot - 70} L${CX + bh - 13},${bot - 70} L${CX + th - 16},${top + 40} Z`, WHITE, { opacity: 0.35 });
  if (!plastic) s += ellipse(CX, lb + 10, hb + 2, 10, WHITE, { opacity: 0.25 });

  if (plastic) {
    const y1 = 344;
    const y2 = 430;
    const h1 = half(y1);
    const h2 = half(y2);
    s += path(d`M${CX - h1},${y1} L${CX - h2},${y2} A${h2},14 0 0 0 ${CX + h2},${y2} L${CX + h1},${y1} A${h1},14 0 0 0 ${CX - h1},${y1} Z`, art.accent);
    s += path(d`M${CX - h1},${y1} A${h1},14 0 0 0 ${CX + h1},${y1}`, 'none', { stroke: light(art.accent, 0.35), 'stroke-width': 3 });
    s += circle(CX, (y1 + y2) / 2 + 8, 25, CREAM) + coffeeBean(p, CX, (y1 + y2) / 2 + 8, -30, 0.7);
    s += ellipse(CX, top + 14, half(top + 14) - 1, 15, 'none', { stroke: WHITE, 'stroke-width': 3, opacity: 0.6 });
  }

  if (isWhipped) s += whipped(p, CX, top - 2, th + 2, CREAM);
  if (plastic && isWhipped) {
    const dome = d`M${CX - th - 4},${top} C${CX - th},${top - 150} ${CX + th},${top - 150} ${CX + th + 4},${top}`;
    s += path(`${dome} Z`, WHITE, { opacity: 0.18 });
    s += path(dome, 'none', { stroke: WHITE, 'stroke-width': 4, opacity: 0.85 });
  }
  s += ellipse(CX, top, th + (plastic ? 5 : 0), plastic ? 18 : 16, 'none', { ...rimStroke, 'stroke-width': plastic ? 7 : 5 });

  if (isWhipped) {
    if (has(art, 'banana')) {
      s += bananaSlice(CX - 58, top - 28, -12) + bananaSlice(CX + 44, top - 40, 10) + bananaSlice(CX - 6, top - 74, -4) + bananaSlice(CX + 62, top - 4, 18);
    }
    if (has(art, 'drizzle')) s += stroke(zigzag(CX, top - 46, th * 1.3, 80, 5), art.toppingColor ?? '#7A4322', 7);
    if (has(art, 'sprinkles')) s += sprinkleBits(p, CX, top - 46, th * 0.7, 40, 26, [art.toppingColor ?? '#6B3A1E'], 0.7);
    if (has(art, 'cocoa')) s += dots(p, CX, top - 46, th * 0.6, 38, 50, art.toppingColor ?? '#6B3A1E', [1.5, 3], 0.8);
  }
  if (has(art, 'citrus')) s += citrusWheel(CX - th + 16, top - 2, 50, art.toppingColor ?? '#F2C12E');
  return s;
}

const icedGlass: Drawer = (art, p) => tumbler(art, p, false);
const plasticCup: Drawer = (art, p) => tumbler(art, p, true);

/** Latte art, foam, crema or cocoa on a round surface, drawn in circle space and squashed into perspective. */
function cupSurface(art: ArtSpec, p: Painter, cy: number, rx: number, ry: number): string {
  const clip = p.clip(ellipse(0, cy, rx, ry, WHITE));
  const foam = art.topColor ?? CREAM;
  let art2 = '';
  if (has(art, 'crema')) {
    art2 += circle(0, 0, rx, p.radial([
      [0, dark(art.color, 0.25)],
      [0.55, art.color],
      [0.88, light(art.color, 0.22)],
      [1, dark(art.color, 0.3)],
    ], 0.5, 0.5, 0.5));
    art2 += dots(p, 0, 0, rx * 0.8, rx * 0.8, 18, light(art.color, 0.35), [2, 6], 0.6);
  } else {
    art2 += circle(0, 0, rx, p.radial([
      [0, light(art.color, 0.15)],
      [0.85, art.color],
      [1, dark(art.color, 0.3)],
    ], 0.5, 0.5, 0.5));
  }
  if (has(art, 'foam')) {
    art2 += circle(0, 4, rx * 0.86, light(foam, 0.3)) + circle(0, 4, rx * 0.86, p.radial([
      [0, WHITE, 0.5],
      [0.7, WHITE, 0],
      [1, dark(foam, 0.2), 0.5],
    ], 0.5, 0.5, 0.5));
    art2 += dots(p, 0, 4, rx * 0.75, rx * 0.75, 16, WHITE, [3, 7], 0.5);
  }
  if (has(art, 'latte-art')) {
    // Nested hearts of foam and coffee: a poured 'layered heart'.
    const heart = (k: number, dy: number, fill: string) =>
      path('M0,62 C-70,20 -94,-40 -52,-64 C-28,-76 -8,-62 0,-42 C8,-62 28,-76 52,-64 C94,-40 70,20 0,62 Z', fill, {
        transform: `scale(${num(k)}) translate(0 ${num(dy)})`,
      });
    art2 += heart(1.15, 0, foam) + heart(0.88, 10, art.color) + heart(0.7, 14, foam) + heart(0.42, 26, art.color) + heart(0.3, 40, foam);
    art2 += stroke(`M0,${num(-rx * 0.75)} L0,${num(rx * 0.85)}`, art.color, 5, { opacity: 0.85 });
  }
  if (has(art, 'cocoa')) art2 += dots(p, 0, 4, rx * 0.7, rx * 0.7, 90, art.toppingColor ?? '#6B3A1E', [2, 4.5], 0.75);
  let s = group(group(art2, { transform: `translate(0 ${num(cy)}) scale(1 ${num(ry / rx)})` }), { 'clip-path': clip });
  if (has(art, 'marshmallow')) {
    for (const [x, y, r] of [
      [-52, cy - 6, -12],
      [8, cy - 14, 14],
      [52, cy + 4, -6],
      [-14, cy + 16, 24],
    ] as const) {
      s += group(
        el('rect', { x: -22, y: -16, width: 44, height: 32, rx: 9, fill: dark(CREAM, 0.12) }) +
          el('rect', { x: -22, y: -20, width: 44, height: 30, rx: 9, fill: WHITE }),
        { transform: at(x, y, r) },
      );
    }
  }
  if (has(art, 'ginger')) {
    for (const [x, y] of [
      [-42, cy - 2],
      [30, cy + 8],
    ] as const) {
      s += ellipse(x, y, 26, 12, '#E9C77B') + ellipse(x, y - 2, 20, 8, '#F7E1A6');
    }
  }
  return s;
}

function cupAndSaucer(art: ArtSpec, p: Painter, small: boolean): string {
  const k = small ? 0.72 : 1;
  const ground = 282;
  const x = small ? CX : CX - 14;
  const y = GROUND - 6 - ground * k;
  const acc = art.accent;
  const saucerC = light(acc, 0.7);
  const body = p.across([
    [0, light(acc, 0.3)],
    [0.45, acc],
    [1, dark(acc, 0.22)],
  ]);
  let local = '';
  local += ellipse(0, 214, 226, 66, dark(saucerC, 0.18));
  local += ellipse(0, 202, 226, 66, p.linear([
    [0, WHITE],
    [1, saucerC],
  ]));
  local += ellipse(0, 196, 132, 34, dark(saucerC, 0.08));
  local += ellipse(-90, 180, 60, 10, WHITE, { opacity: 0.6 });
  local += stroke('M126,40 C214,10 238,136 114,148', acc, 28);
  local += stroke('M136,50 C196,34 212,118 128,130', light(acc, 0.3), 6, { opacity: 0.7 });
  local += path('M-150,0 C-150,122 -98,190 -52,196 L52,196 C98,190 150,122 150,0 Z', body);
  local += stroke('M-130,34 C-126,104 -98,150 -70,174', WHITE, 12, { opacity: 0.4 });
  local += ellipse(0, 0, 150, 56, '#FBF6F0', { stroke: light(acc, 0.4), 'stroke-width': 8 });
  local += ellipse(0, 2, 142, 50, p.linear([
    [0, '#E9E1D7'],
    [1, '#FFFFFF'],
  ]));
  local += cupSurface(art, p, 12, 132, 44);
  local += steam([-46, 4, 50], -52);
  let s = groundShadow(x, GROUND - 4, 240 * k, 24 * k);
  s += group(local, { transform: at(x, y, 0, k) });
  if (small) s += coffeeBean(p, 168, 520, 28) + coffeeBean(p, 476, 528, -24) + coffeeBean(p, 505, 498, 12, 0.85);
  return s;
}

const hotCup: Drawer = (art, p) => cupAndSaucer(art, p, false);
const smallCup: Drawer = (art, p) => cupAndSaucer(art, p, true);

const mug: Drawer = (art, p) => {
  const acc = art.accent;
  const enamel = p.across([
    [0, WHITE],
    [0.55, '#F5F0E9'],
    [1, '#D9CFC3'],
  ]);
  let local = '';
  local += stroke('M104,44 C210,28 218,206 104,206', acc, 44);
  local += stroke('M104,44 C210,28 218,206 104,206', '#F3EEE7', 30);
  local += path('M-120,0 L-113,236 A113,38 0 0 0 113,236 L120,0 Z', enamel);
  local += path('M-113,236 A113,38 0 0 0 113,236', 'none', { stroke: acc, 'stroke-width': 10 });
  local += stroke('M-100,30 L-96,200', WHITE, 12, { opacity: 0.8 });
  local += ellipse(0, 0, 120, 44, '#EFE8DF', { stroke: acc, 'stroke-width': 10 });
  local += ellipse(0, 3, 110, 38, p.linear([
    [0, '#E3DACD'],
    [1, '#FFFFFF'],
  ]));
  local += cupSurface(art, p, 14, 104, 32);
  if (has(art, 'whipped')) local += whipped(p, 0, 8, 96, CREAM);
  if (has(art, 'leaf')) local += leaf(-70, 10, -80, art.toppingColor ?? '#5E9C47', 110);
  local += steam([-40, 8, 54], has(art, 'whipped') ? -110 : -48);
  return groundShadow(CX - 10, GROUND - 2, 150, 22) + group(local, { transform: at(CX - 24, GROUND - 278) });
};

const bottle: Drawer = (art, p) => {
  const pump = has(art, 'pump');
  const shape = 'M230,292 C230,248 256,222 286,206 L286,150 L354,150 L354,206 C384,222 410,248 410,292 L410,516 Q410,546 380,546 L260,546 Q230,546 230,516 Z';
  const clip = p.clip(path(shape, WHITE));
  const liquidTop = pump ? 200 : 232;
  let s = groundShadow(CX, GROUND, 130, 18);
  s += path(shape, WHITE, { opacity: 0.3 });
  s += group(
    el('rect', { x: 220, y: liquidTop, width: 200, height: 360, fill: p.across([
      [0, light(art.color, 0.2)],
      [0.5, art.color],
      [1, dark(art.color, 0.22)],
    ]) }) + ellipse(CX, liquidTop, 90, 10, light(art.color, 0.25)),
    { 'clip-path': clip },
  );
  // Label: curved edges suggest the cylinder.
  s += path('M230,336 A90,14 0 0 0 410,336 L410,452 A90,14 0 0 1 230,452 Z', CREAM);
  s += path('M230,346 A90,14 0 0 0 410,346 L410,356 A90,14 0 0 1 230,356 Z', art.accent);
  s += path('M230,432 A90,14 0 0 0 410,432 L410,442 A90,14 0 0 1 230,442 Z', art.accent);
  s += circle(CX, 405, 30, light(art.accent, 0.75));
  s += has(art, 'almond')
    ? group(path('M0,-22 C16,-10 16,12 0,24 C-16,12 -16,-10 0,-22 Z', '#C58B55') + stroke('M0,-14 C6,-4 6,8 0,16', '#E6B889', 3), { transform: at(CX, 405, 20) })
    : coffeeBean(p, CX, 405, -30, 0.9);
  s += el('rect', { x: 246, y: 250, width: 13, height: 264, rx: 6.5, fill: WHITE, opacity: 0.45 });
  s += el('rect', { x: 388, y: 300, width: 6, height: 200, rx: 3, fill: WHITE, opacity: 0.3 });
  s += path(shape, 'none', { stroke: WHITE, 'stroke-width': 5, opacity: 0.9 });
  if (pump) {
    s += el('rect', { x: 276, y: 128, width: 88, height: 34, rx: 10, fill: art.accent });
    s += el('rect', { x: 308, y: 86, width: 24, height: 44, fill: '#D7CFC6' });
    s += el('rect', { x: 282, y: 64, width: 96, height: 28, rx: 12, fill: dark(art.accent, 0.1) });
    s += el('rect', { x: 366, y: 68, width: 64, height: 14, rx: 7, fill: dark(art.accent, 0.1) });
    s += el('rect', { x: 290, y: 68, width: 50, height: 7, rx: 3.5, fill: WHITE, opacity: 0.35 });
  } else {
    s += el('rect', { x: 276, y: 104, width: 88, height: 54, rx: 12, fill: art.accent });
    for (let x = 290; x <= 350; x += 12) s += el('rect', { x, y: 110, width: 4, height: 42, rx: 2, fill: dark(art.accent, 0.2), opacity: 0.6 });
    s += el('rect', { x: 282, y: 108, width: 8, height: 44, rx: 4, fill: WHITE, opacity: 0.35 });
  }
  return s;
};

const carton: Drawer = (art, p) => {
  const acc = art.accent;
  let s = groundShadow(CX + 20, GROUND, 140, 18);
  s += path('M385,250 L447,220 L447,516 L385,546 Z', dark(acc, 0.25));
  s += path('M385,250 L447,220 L416,176 Z', dark(acc, 0.38));
  s += path('M235,250 L385,250 L416,176 L266,176 Z', p.linear([
    [0, light(acc, 0.35)],
    [1, light(acc, 0.1)],
  ]));
  s += path('M262,176 L418,176 L418,158 L262,158 Z', '#F4EEE6') + path('M418,176 L418,158 L424,166 Z', '#D8CFC4');
  s += el('rect', { x: 235, y: 250, width: 150, height: 296, fill: p.linear([
    [0, light(acc, 0.15)],
    [1, acc],
  ]) });
  s += path('M235,300 C270,286 330,316 385,296 L385,250 L235,250 Z', CREAM, { opacity: 0.9 });
  s += ellipse(310, 420, 56, 74, CREAM);
  const grain = art.toppingColor ?? '#D9A441';
  s += stroke('M310,480 C306,440 312,400 322,366', '#9C7A3C', 4);
  for (const [x, y, r] of [
    [300, 450, -30],
    [322, 440, 30],
    [302, 420, -30],
    [324, 410, 30],
    [306, 392, -30],
    [326, 380, 35],
  ] as const) {
    s += ellipse(x, y, 8, 15, grain, { transform: `rotate(${r} ${x} ${y})` });
  }
  s += el('rect', { x: 246, y: 310, width: 10, height: 220, rx: 5, fill: WHITE, opacity: 0.35 });
  return s;
};

const shot: Drawer = (art, p) => {
  const top = 318;
  const bot = GROUND - 6;
  const th = 86;
  const bh = 66;
  const half = (y: number) => th + ((bh - th) * (y - top)) / (bot - top);
  const outline = d`M${CX - th},${top} L${CX - bh},${bot - 12} A${bh},14 0 0 0 ${CX + bh},${bot - 12} L${CX + th},${top} Z`;
  const lt = 372;
  const lb = bot - 40;
  const wt = half(lt) - 8;
  const wb = half(lb) - 8;
  const liquid = d`M${CX - wt},${lt} L${CX - wb},${lb} A${wb},11 0 0 0 ${CX + wb},${lb} L${CX + wt},${lt} A${wt},13 0 0 1 ${CX - wt},${lt} Z`;
  const crema = art.topColor ?? '#C98A4B';
  let s = groundShadow(CX, GROUND - 2, 120, 16);
  s += path(outline, WHITE, { opacity: 0.3 });
  s += path(liquid, p.linear([
    [0, crema],
    [0.22, crema],
    [0.4, art.color],
    [1, dark(art.color, 0.2)],
  ]));
  s += ellipse(CX, lt, half(lt) - 8, 13, light(crema, 0.15));
  s += dots(p, CX, lt, half(lt) - 20, 7, 10, light(crema, 0.4), [1.5, 3.5], 0.8);
  s += ellipse(CX, bot - 26, bh - 4, 11, WHITE, { opacity: 0.3 });
  s += path(outline, 'none', { stroke: BRAND_BROWN, 'stroke-width': 2, opacity: 0.12 });
  s += path(outline, 'none', { stroke: WHITE, 'stroke-width': 5, opacity: 0.9 });
  s += ellipse(CX, top, th, 22, 'none', { stroke: WHITE, 'stroke-width': 5, opacity: 0.9 });
  s += path(d`M${CX - th + 14},${top + 26} L${CX - bh + 12},${bot - 40} L${CX - bh + 24},${bot - 40} L${CX - th + 28},${top + 26} Z`, WHITE, { opacity: 0.5 });
  s += coffeeBean(p, 168, 518, 28) + coffeeBean(p, 470, 530, -24) + coffeeBean(p, 498, 500, 12, 0.85) + coffeeBean(p, 200, 548, -12, 0.8);
  return s;
};

const ramekin: Drawer = (art, p) => {
  const acc = art.accent;
  const body = p.across([
    [0, light(acc, 0.3)],
    [0.45, acc],
    [1, dark(acc, 0.22)],
  ]);
  const contentColour = art.color;
  let back = ellipse(0, 0, 150, 50, '#FBF6F0', { stroke: light(acc, 0.4), 'stroke-width': 8 });
  back += ellipse(0, 2, 142, 45, '#E9E1D7');
  let fill = '';
  let front = '';
  if (has(art, 'boba')) {
    fill += ellipse(0, 10, 138, 40, dark(contentColour, 0.2));
    const pearlFill = p.radial([
      [0, light(contentColour, 0.25)],
      [1, dark(contentColour, 0.55)],
    ]);
    for (const [x, y] of heap(p, 120, 70, 30)) fill += pearl(x, y + 14, 16, pearlFill);
  } else if (has(art, 'jelly')) {
    fill += ellipse(0, 10, 138, 40, dark(contentColour, 0.2));
    for (const [x, y] of heap(p, 112, 50, 40)) {
      fill += group(
        el('rect', { x: -20, y: -20, width: 40, height: 40, rx: 8, fill: contentColour }) +
          el('rect', { x: -20, y: -20, width: 40, height: 14, rx: 7, fill: light(contentColour, 0.2) }) +
          el('rect', { x: -12, y: -14, width: 12, height: 5, rx: 2.5, fill: WHITE, opacity: 0.5 }),
        { transform: at(x, y + 12, p.between(-20, 20)) },
      );
    }
  } else if (has(art, 'whipped')) {
    fill += whipped(p, 0, 0, 128, contentColour);
  } else if (has(art, 'foam')) {
    fill += path('M-140,6 C-136,-92 136,-92 140,6 A140,40 0 0 1 -140,6 Z', p.linear([
      [0, light(contentColour, 0.45)],
      [1, dark(contentColour, 0.06)],
    ]));
    fill += stroke('M-96,-12 C-80,-64 84,-66 96,-16 C70,2 -50,0 -52,-30 C-40,-54 44,-54 48,-32', light(contentColour, 0.55), 7, { opacity: 0.9 });
    fill += ellipse(-50, -44, 36, 9, WHITE, { opacity: 0.55 });
    fill += dots(p, 0, -30, 90, 26, 30, art.toppingColor ?? '#E0A96A', [1.5, 3], 0.85);
  } else {
    // A sauce: glossy surface with a drip over the front rim.
    fill += ellipse(0, 10, 138, 40, p.linear([
      [0, dark(contentColour, 0.15)],
      [1, light(contentColour, 0.1)],
    ]));
    fill += stroke('M-70,8 C-40,-14 40,-14 62,6 C40,26 -30,24 -40,8', light(contentColour, 0.3), 6, { opacity: 0.7 });
    fill += ellipse(-56, -2, 40, 8, WHITE, { opacity: 0.45 });
    front += path('M34,44 C34,70 38,96 50,100 C62,96 64,70 64,40 Z', contentColour) + ellipse(44, 78, 4, 9, WHITE, { opacity: 0.45 });
  }
  let local = back + fill;
  local += path('M-150,0 C-148,92 -118,130 -84,132 L84,132 C118,130 148,92 150,0 A150,50 0 0 1 -150,0 Z', body);
  local += path('M-150,0 A150,50 0 0 0 150,0', 'none', { stroke: light(acc, 0.4), 'stroke-width': 8 });
  local += stroke('M-132,30 C-128,80 -108,110 -86,120', WHITE, 10, { opacity: 0.4 });
  local += front;
  const lift = has(art, 'whipped') || has(art, 'foam') || has(art, 'boba') ? 0 : -20;
  return groundShadow(CX, GROUND - 4, 175, 20) + group(local, { transform: at(CX, GROUND - 140 + lift) });
};

/** A stand-up pouch of coffee with a crimped top, a one-way valve and a label; 'beans' scatters a few in front. */
const coffeeBag: Drawer = (art, p) => {
  const shape = 'M236,196 L404,196 C414,300 422,440 416,526 Q414,546 394,546 L246,546 Q226,546 224,526 C218,440 226,300 236,196 Z';
  let s = groundShadow(CX, GROUND, 150, 18);
  s += path(shape, p.across([
    [0, light(art.color, 0.18)],
    [0.5, art.color],
    [1, dark(art.color, 0.25)],
  ]));
  // The gusset at the bottom the pouch stands on.
  s += path('M226,520 C270,532 370,532 414,520 L416,526 Q414,546 394,546 L246,546 Q226,546 224,526 Z', dark(art.color, 0.18));
  s += el('rect', { x: 230, y: 150, width: 180, height: 52, rx: 6, fill: dark(art.color, 0.12) });
  for (let x = 240; x <= 398; x += 10) s += el('rect', { x, y: 156, width: 4, height: 40, rx: 2, fill: dark(art.color, 0.3), opacity: 0.5 });
  s += stroke('M238,228 L402,228', dark(art.color, 0.2), 5, { opacity: 0.7 });
  s += circle(370, 262, 14, dark(art.color, 0.2)) + circle(370, 262, 8, light(art.color, 0.3));
  // The label: a band in the accent colour over a big bean, and two short rules where the words would be.
  s += el('rect', { x: 250, y: 300, width: 140, height: 178, rx: 14, fill: art.topColor ?? CREAM });
  s += el('rect', { x: 250, y: 300, width: 140, height: 34, rx: 14, fill: art.accent });
  s += el('rect', { x: 250, y: 318, width: 140, height: 16, fill: art.accent });
  s += coffeeBean(p, CX, 392, -30, 1.5);
  s += el('rect', { x: 276, y: 438, width: 88, height: 9, rx: 4.5, fill: art.accent, opacity: 0.8 });
  s += el('rect', { x: 292, y: 456, width: 56, height: 7, rx: 3.5, fill: art.accent, opacity: 0.5 });
  s += el('rect', { x: 242, y: 214, width: 12, height: 296, rx: 6, fill: WHITE, opacity: 0.25 });
  if (has(art, 'beans')) {
    for (const [x, y, r] of [
      [196, 530, 20],
      [232, 552, -35],
      [438, 536, 60],
      [408, 556, -10],
      [462, 560, 30],
    ] as const) {
      s += coffeeBean(p, x, y, r, 0.9);
    }
  }
  return s;
};

/** A lidded drinking tumbler with a grip band and the shop's bean on it. */
const travelTumbler: Drawer = (art, p) => {
  const shape = 'M250,190 L390,190 L378,520 Q376,546 350,546 L290,546 Q264,546 262,520 Z';
  const lid = art.topColor ?? art.accent;
  let s = groundShadow(CX, GROUND, 120, 18);
  s += path(shape, p.across([
    [0, light(art.color, 0.3)],
    [0.45, art.color],
    [1, dark(art.color, 0.25)],
  ]));
  s += group(
    el('rect', { x: 240, y: 414, width: 160, height: 62, fill: p.across([
      [0, light(art.accent, 0.2)],
      [0.5, art.accent],
      [1, dark(art.accent, 0.25)],
    ]) }),
    { 'clip-path': p.clip(path(shape, WHITE)) },
  );
  s += circle(CX, 310, 40, light(art.color, 0.55)) + coffeeBean(p, CX, 310, -30, 1.1);
  s += el('rect', { x: 264, y: 206, width: 14, height: 300, rx: 7, fill: WHITE, opacity: 0.4 });
  s += el('rect', { x: 362, y: 230, width: 6, height: 170, rx: 3, fill: WHITE, opacity: 0.25 });
  // The lid, with its sip slider.
  s += el('rect', { x: 240, y: 150, width: 160, height: 50, rx: 16, fill: p.across([
    [0, light(lid, 0.2)],
    [0.5, lid],
    [1, dark(lid, 0.25)],
  ]) });
  s += el('rect', { x: 244, y: 186, width: 152, height: 10, rx: 5, fill: dark(lid, 0.25) });
  s += el('rect', { x: 292, y: 132, width: 56, height: 24, rx: 10, fill: dark(lid, 0.15) });
  s += el('rect', { x: 252, y: 158, width: 60, height: 8, rx: 4, fill: WHITE, opacity: 0.35 });
  return s;
};

// ---------------------------------------------------------------------------------------------
// Foods

function mound(): string {
  return 'M156,440 C160,340 236,284 320,282 C404,284 480,340 484,440 A164,52 0 0 1 156,440 Z';
}

function friedEgg(p: Painter, x: number, y: number): string {
  const white = blob(p, x, y, 98, 44, 0.12, 12);
  return (
    path(white, '#E4BE86', { transform: 'translate(0 4)' }) +
    path(white, '#FFFDF7', { stroke: '#F0D2A0', 'stroke-width': 4 }) +
    ellipse(x + 10, y + 2, 34, 22, p.radial([
      [0, '#FFD766'],
      [1, '#F39A10'],
    ])) +
    ellipse(x, y - 6, 11, 6, WHITE, { opacity: 0.75 })
  );
}

function riceTexture(p: Painter, colour: string, count: number, clip: string): string {
  const palette = [light(colour, 0.4), light(colour, 0.2), dark(colour, 0.12), colour] as const;
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = p.between(150, 490);
    const y = p.between(280, 490);
    s += ellipse(x, y, 7.5, 3.6, p.pick(palette), { transform: `rotate(${num(p.between(0, 180))} ${num(x)} ${num(y)})` });
  }
  return group(s, { 'clip-path': clip });
}

function garnishSlices(): string {
  const cucumber = (x: number, y: number) =>
    ellipse(x, y + 3, 30, 15, '#3F7A2A') + ellipse(x, y, 30, 15, '#5F9E3C') + ellipse(x, y, 25, 11.5, '#E3F2C6') + ellipse(x, y, 12, 5, '#CDE3A3');
  const tomato = (x: number, y: number) =>
    ellipse(x, y + 3, 28, 15, '#B8321F') +
    ellipse(x, y, 28, 15, '#E2452F') +
    ellipse(x, y, 22, 11, '#F57A5E') +
    ellipse(x - 8, y, 5, 3, '#FFD7B8') +
    ellipse(x + 8, y, 5, 3, '#FFD7B8');
  return cucumber(420, 484) + cucumber(458, 470) + tomato(492, 448);
}

function krupuk(p: Painter, x: number, y: number, rotate: number): string {
  const shape = blob(p, 0, 0, 88, 60, 0.1, 18);
  return group(
    path(shape, '#E2C68C', { transform: 'translate(0 6)' }) +
      path(shape, '#F7E3B4', { stroke: '#EBCD8E', 'stroke-width': 3 }) +
      dots(p, 0, 0, 70, 46, 26, '#FFF4D8', [4, 10]) +
      dots(p, 0, 0, 70, 46, 18, '#E4C283', [1.5, 3.5]),
    { transform: at(x, y, rotate) },
  );
}

const friedRice: Drawer = (art, p) => {
  let s = plate(p, CX, 446, 244, 94, art.accent);
  if (has(art, 'krupuk')) s += krupuk(p, 200, 338, -18);
  const clip = p.clip(path(mound(), WHITE));
  s += path(mound(), p.radial([
    [0, light(art.color, 0.25)],
    [1, dark(art.color, 0.22)],
  ]));
  s += riceTexture(p, art.color, 320, clip);
  const spring = dots(p, 320, 380, 150, 80, 22, '#4F8B35', [3, 5]);
  const chilli = dots(p, 320, 390, 150, 80, 10, '#D8402A', [2.5, 4]);
  const shallots = dots(p, 320, 380, 150, 80, 26, '#6B3A1E', [2, 4]);
  s += group(spring + chilli + shallots, { 'clip-path': clip });
  if (has(art, 'egg')) s += friedEgg(p, 312, 300);
  s += garnishSlices();
  return s;
};

const noodles: Drawer = (art, p) => {
  let s = plate(p, CX, 446, 244, 94, art.accent);
  const pile = 'M136,448 C146,366 226,312 320,310 C414,312 494,366 504,448 A184,56 0 0 1 136,448 Z';
  const clip = p.clip(path(pile, WHITE));
  s += path(pile, dark(art.color, 0.15));
  const palette = [light(art.color, 0.35), art.color, dark(art.color, 0.12), light(art.color, 0.2)] as const;
  let strands = '';
  for (let i = 0; i < 150; i++) {
    const x = p.between(90, 470);
    const y = p.between(300, 510);
    strands += stroke('M0,0 q16,-14 32,0 t32,0 t32,0 t32,0 t32,0', p.pick(palette), 7.5, { transform: at(x, y, p.between(-24, 24)) });
  }
  strands += path(pile, p.radial([
    [0, WHITE, 0.18],
    [0.55, WHITE, 0],
    [1, INK, 0.35],
  ], 0.42, 0.25, 0.75));
  s += group(strands, { 'clip-path': clip });
  if (has(art, 'greens')) {
    const green = art.toppingColor ?? '#4E9A3E';
    s += leaf(210, 424, -150, green, 104) + leaf(226, 432, -122, dark(green, 0.15), 92) + leaf(438, 424, -30, green, 104);
    s += stroke('M236,426 C220,398 206,382 190,374', '#DCEFC3', 8) + stroke('M410,424 C428,400 440,390 456,382', '#DCEFC3', 8);
  }
  s += dots(p, 320, 370, 120, 50, 34, '#7A4322', [2.5, 4.5]);
  for (const [x, y] of [
    [282, 338],
    [352, 348],
    [318, 372],
    [250, 380],
    [392, 386],
  ] as const) {
    s += circle(x, y, 8, '#D8402A') + circle(x, y, 4, '#F7C8A0');
  }
  if (has(art, 'egg')) s += friedEgg(p, 318, 316);
  return s;
};

const riceBowl: Drawer = (art, p) => {
  const acc = art.accent;
  let local = '';
  local += ellipse(0, 0, 206, 66, '#F4EEE6', { stroke: light(acc, 0.35), 'stroke-width': 8 });
  const rice = 'M-196,6 C-190,-70 190,-70 196,6 A196,60 0 0 1 -196,6 Z';
  local += path(rice, p.linear([
    [0, WHITE],
    [1, '#E9E3DA'],
  ]));
  local += group(dots(p, 0, -10, 180, 48, 120, WHITE, [3, 4.5]) + dots(p, 0, -10, 180, 48, 50, '#DDD5CA', [2.5, 3.5]), {
    'clip-path': p.clip(path(rice, WHITE)),
  });
  // Shredded cabbage at the back, then the cutlet, sliced, across the rice.
  let cabbage = '';
  for (let i = 0; i < 50; i++) {
    const x = p.between(40, 140);
    const y = p.between(-90, -44);
    const shred = d`M${x},${y} q${p.between(10, 24)},${p.between(-12, 12)} ${p.between(26, 44)},${p.between(-6, 6)}`;
    cabbage += stroke(shred, p.pick(['#D3EAB0', '#BCDD8E', '#EAF5D6'] as const), 4.5);
  }
  local += cabbage;
  const cutlet = smoothClosed([
    [-150, -4],
    [-60, 4],
    [40, 2],
    [136, -8],
    [160, -40],
    [150, -72],
    [60, -82],
    [-40, -84],
    [-126, -72],
    [-164, -40],
  ]);
  local += path(cutlet, dark(art.color, 0.3), { transform: 'translate(0 16)' });
  local += path(cutlet, p.radial([
    [0, light(art.color, 0.4)],
    [0.7, art.color],
    [1, dark(art.color, 0.15)],
  ], 0.4, 0.3, 0.8));
  const cutletClip = p.clip(path(cutlet, WHITE));
  let cuts = dots(p, 0, -40, 150, 40, 60, light(art.color, 0.5), [1.5, 3.5]) + dots(p, 0, -40, 150, 40, 30, dark(art.color, 0.22), [1.5, 3]);
  for (const x of [-96, -36, 26, 88]) {
    cuts += stroke(d`M${x - 8},${10} L${x + 14},${-90}`, '#F7EAD9', 9) + stroke(d`M${x - 14},${10} L${x + 8},${-90}`, dark(art.color, 0.25), 3, { opacity: 0.7 });
  }
  local += group(cuts, { 'clip-path': cutletClip });
  const sauce = art.toppingColor ?? '#4A2414';
  for (const dy of [-58, -30]) {
    const line = d`M-140,${dy + 6} C-100,${dy - 14} -66,${dy + 14} -30,${dy - 4} S30,${dy - 14} 62,${dy} S116,${dy + 8} 140,${dy - 6}`;
    local += stroke(line, sauce, 5.5);
  }
  local += sprinkleBits(p, -4, -42, 130, 26, 26, ['#FFF4DE'], 0.4);
  for (let i = 0; i < 9; i++) local += circle(p.between(-120, 120), p.between(-64, -20), p.between(4, 6), 'none', { stroke: '#5E9C47', 'stroke-width': 3 });
  local += path('M-206,0 C-202,132 -104,196 0,196 C104,196 202,132 206,0 A206,66 0 0 1 -206,0 Z', p.across([
    [0, light(acc, 0.3)],
    [0.45, acc],
    [1, dark(acc, 0.22)],
  ]));
  local += path('M-206,0 A206,66 0 0 0 206,0', 'none', { stroke: light(acc, 0.35), 'stroke-width': 8 });
  local += stroke('M-182,40 C-170,100 -130,150 -90,170', WHITE, 12, { opacity: 0.35 });
  local += stroke('M-190,16 C-120,70 120,70 190,16', dark(acc, 0.3), 6, { opacity: 0.35 });
  return groundShadow(CX, GROUND - 2, 150, 20) + ellipse(CX, GROUND - 10, 80, 16, dark(acc, 0.3)) + group(local, { transform: at(CX, GROUND - 206) });
};

const fries: Drawer = (art, p) => {
  const acc = art.accent;
  const front = 'M190,300 L226,522 A94,20 0 0 0 414,522 L450,300 A130,30 0 0 1 190,300 Z';
  let s = groundShadow(CX, GROUND, 140, 20);
  s += ellipse(CX, 300, 130, 30, dark(acc, 0.35));
  const fry = p.across([
    [0, light(art.color, 0.35)],
    [0.5, art.color],
    [1, dark(art.color, 0.15)],
  ]);
  for (let row = 0; row < 2; row++) {
    for (let i = 0; i < 9; i++) {
      const x = CX - 110 + i * 27 + row * 13 + p.between(-4, 4);
      const lean = (x - CX) * 0.14 + p.between(-6, 6);
      const h = p.between(150, 220) - row * 30;
      const base = 330 + row * 18;
      s += group(
        el('rect', { x: -12, y: -h, width: 24, height: h, rx: 5, fill: fry }) +
          el('rect', { x: -12, y: -h, width: 24, height: 12, rx: 5, fill: dark(art.color, 0.2), opacity: 0.5 }),
        { transform: at(x, base, lean) },
      );
    }
  }
  const clip = p.clip(path(front, WHITE));
  let stripes = '';
  for (let i = -4; i <= 4; i += 2) stripes += path(d`M${CX + i * 30 - 12},300 L${CX + i * 22 - 10},560 L${CX + i * 22 + 10},560 L${CX + i * 30 + 12},300 Z`, CREAM);
  s += path(front, p.across([
    [0, light(acc, 0.2)],
    [0.5, acc],
    [1, dark(acc, 0.2)],
  ]));
  s += group(stripes + path(front, p.across([
    [0, WHITE, 0.2],
    [0.4, WHITE, 0],
    [1, INK, 0.18],
  ])), { 'clip-path': clip });
  s += path('M190,300 A130,30 0 0 0 450,300', 'none', { stroke: light(acc, 0.3), 'stroke-width': 8 });
  return s;
};

const wings: Drawer = (art, p) => {
  let s = plate(p, CX, 446, 244, 94, art.accent);
  const glaze = p.radial([
    [0, light(art.color, 0.4)],
    [0.55, art.color],
    [1, dark(art.color, 0.4)],
  ], 0.4, 0.3, 0.75);
  // Drumettes: a round meaty end tapering to a pale knuckle of bone.
  const meat = 'M-34,-38 C2,-38 30,-18 44,-10 C50,-6 50,6 44,10 C30,18 2,38 -34,38 C-60,38 -74,20 -74,0 C-74,-20 -60,-38 -34,-38 Z';
  const bone = 'M36,-8 L64,-8 C66,-18 82,-20 84,-8 C92,-6 92,6 84,8 C82,20 66,18 64,8 L36,8 Z';
  for (const [x, y, r] of [
    [246, 372, -28],
    [384, 366, 204],
    [318, 400, 8],
    [216, 432, 164],
    [428, 430, -14],
    [318, 462, 188],
  ] as const) {
    s += group(
      path(meat, dark(art.color, 0.45), { transform: 'translate(0 8)' }) +
        path(bone, '#EFE3CF', { stroke: '#D9C6A8', 'stroke-width': 2 }) +
        path(meat, glaze) +
        dots(p, -20, 0, 40, 26, 5, dark(art.color, 0.5), [3, 6], 0.45) +
        ellipse(-30, -20, 26, 8, WHITE, { opacity: 0.45, transform: 'rotate(-12 -30 -20)' }),
      { transform: at(x, y, r) },
    );
  }
  if (has(art, 'sesame')) s += sprinkleBits(p, CX, 410, 170, 64, 46, ['#FFF4DE'], 0.45);
  if (has(art, 'greens')) {
    for (let i = 0; i < 14; i++) s += circle(p.between(200, 440), p.between(360, 470), p.between(5, 8), 'none', { stroke: '#6FB04F', 'stroke-width': 3.5 });
  }
  return s;
};

const fritters: Drawer = (art, p) => {
  let s = plate(p, CX, 446, 244, 94, art.accent);
  const batter = p.radial([
    [0, light(art.color, 0.4)],
    [0.6, art.color],
    [1, dark(art.color, 0.28)],
  ]);
  const sauce = art.toppingColor ?? '#4A2414';
  const pieces = [
    [334, 368, -7],
    [300, 412, 5],
    [340, 458, -3],
  ] as const;
  for (const [x, y, r] of pieces) {
    const shape = blob(p, 0, 0, 128, 40, 0.09, 26);
    let piece =
      path(shape, dark(art.color, 0.42), { transform: 'translate(0 12)' }) +
      path(shape, batter) +
      dots(p, 0, -4, 104, 26, 26, light(art.color, 0.5), [2.5, 6], 0.75) +
      dots(p, 0, 4, 104, 26, 14, dark(art.color, 0.2), [2, 4], 0.6) +
      ellipse(-40, -18, 46, 7, WHITE, { opacity: 0.35 });
    if (has(art, 'cheese')) piece += sprinkleBits(p, 0, -6, 100, 22, 34, ['#FFE69A', '#F8D56A', '#FFF1C4', '#F2C94C'], 1.05);
    if (has(art, 'drizzle')) {
      for (const dy of [-14, 8]) piece += stroke(d`M-104,${dy} q13,-16 26,0 t26,0 t26,0 t26,0 t26,0 t26,0 t26,0 t26,0`, sauce, 5);
    }
    if (has(art, 'sugar')) piece += dots(p, 0, -6, 110, 28, 50, WHITE, [1.5, 3]);
    s += group(piece, { transform: at(x, y, r) });
  }
  return s;
};

const croissant: Drawer = (art, p) => {
  const s = plate(p, CX, 452, 230, 88, art.accent);
  const c = art.color;
  const shade = (k: number) =>
    p.radial([
      [0, light(c, 0.3 + 0.1 * k)],
      [0.6, c],
      [1, dark(c, 0.3)],
    ], 0.45, 0.28, 0.75);
  // Rolled dough: segments along an arc, smaller towards the tips, each tilted with the arc; drawn from the
  // tips inwards so every segment tucks under its bigger neighbour.
  const pillow = (w: number, h: number) => d`M${-w},0 C${-w},${-h} ${w},${-h} ${w},0 C${w},${h * 0.62} ${-w},${h * 0.62} ${-w},0 Z`;
  const tip = (w: number, h: number) =>
    d`M${-w},${-h * 0.2} C${-w},${-h} ${w},${-h * 0.9} ${w * 0.6},${h * 0.2}` +
    d` C${w * 0.3},${h * 0.9} ${-w * 0.2},${h * 1.1} ${-w * 0.2},${h * 1.2}` +
    d` C${-w * 0.9},${h * 0.6} ${-w},${h * 0.2} ${-w},${-h * 0.2} Z`;
  const R = 270;
  const segments = [
    { angle: 45, w: 30, h: 56, isTip: true },
    { angle: 32, w: 48, h: 86, isTip: false },
    { angle: 16, w: 62, h: 112, isTip: false },
    { angle: 0, w: 72, h: 132, isTip: false },
  ] as const;
  let local = ellipse(0, 52, 190, 30, BRAND_BROWN, { opacity: 0.3, filter: 'url(#soft)' });
  local += path('M-200,62 C-150,30 -90,24 0,30 C90,24 150,30 200,62 C140,76 60,64 0,60 C-60,64 -140,76 -200,62 Z', dark(c, 0.3));
  for (const seg of segments) {
    const sides = seg.angle === 0 ? [1] : [-1, 1];
    for (const side of sides) {
      const a = (seg.angle * Math.PI) / 180;
      const x = side * R * Math.sin(a);
      const y = -26 + R * (1 - Math.cos(a));
      const shape = seg.isTip ? tip(seg.w, seg.h) : pillow(seg.w, seg.h);
      const k = seg.h / 132;
      local += group(
        path(shape, shade(k), { stroke: dark(c, 0.4), 'stroke-width': 3, 'stroke-opacity': 0.6 }) +
          ellipse(-seg.w * 0.12, -seg.h * 0.5, seg.w * 0.45, seg.h * 0.13, WHITE, { opacity: 0.38 }) +
          stroke(
            d`M${-seg.w * 0.8},${seg.h * 0.12} C${-seg.w * 0.3},${seg.h * 0.42} ${seg.w * 0.3},${seg.h * 0.42} ${seg.w * 0.8},${seg.h * 0.12}`,
            dark(c, 0.25),
            3,
            { opacity: 0.45 },
          ),
        { transform: `${at(x, y, side * seg.angle)}${side < 0 ? ' scale(-1 1)' : ''}` },
      );
    }
  }
  if (has(art, 'almond')) {
    for (let i = 0; i < 18; i++) {
      const x = p.between(-130, 130);
      local += ellipse(x, p.between(-104, -56) + Math.abs(x) * 0.4, 12, 6.5, '#F4E4C6', {
        stroke: '#D3B07E',
        'stroke-width': 2,
        transform: `rotate(${num(p.between(0, 180))})`,
      });
    }
  }
  if (has(art, 'sugar')) local += dots(p, 0, -40, 150, 56, 140, WHITE, [1.4, 2.8], 0.9);
  return s + group(local, { transform: at(CX, 404, 0, 0.92) });
};

const donut: Drawer = (art, p) => {
  let s = plate(p, CX, 456, 222, 86, art.accent);
  const c = art.color;
  const cy = 404;
  const hole = (rx: number, ry: number) => ellipse(CX, cy - 6, rx, ry, dark(c, 0.45)) + ellipse(CX, cy, rx - 8, ry - 9, '#F5EFE8');
  s += ellipse(CX, cy + 26, 160, 90, dark(c, 0.28));
  s += ellipse(CX, cy + 12, 160, 92, p.radial([
    [0, light(c, 0.3)],
    [0.7, c],
    [1, dark(c, 0.15)],
  ]));
  // The pale band where a fried doughnut floated in the oil.
  s += path(d`M${CX - 158},${cy + 22} A158,88 0 0 0 ${CX + 158},${cy + 22}`, 'none', { stroke: light(c, 0.45), 'stroke-width': 7, opacity: 0.8 });
  if (art.topColor) {
    s += path(blob(p, CX, cy - 2, 146, 80, 0.045, 28), art.topColor);
    s += path(blob(p, CX, cy - 2, 146, 80, 0.045, 28), p.radial([
      [0, WHITE, 0.3],
      [0.6, WHITE, 0],
      [1, INK, 0.2],
    ]));
    s += ellipse(CX - 70, cy - 44, 44, 11, WHITE, { opacity: 0.4, transform: `rotate(-10 ${CX - 70} ${cy - 44})` });
  }
  s += hole(52, 28);
  if (has(art, 'sugar')) {
    const clip = p.clip(ellipse(CX, cy + 12, 158, 90, WHITE));
    s += group(dots(p, CX, cy + 4, 156, 90, 420, WHITE, [1.2, 2.6], 0.95), { 'clip-path': clip });
    s += hole(52, 28);
  }
  if (has(art, 'sprinkles')) {
    const colours = art.toppingColor ? [art.toppingColor] as const : (['#F7A1B5', '#FFD36E', '#8ED1C6', WHITE, '#B9E08A'] as const);
    let bits = '';
    let placed = 0;
    while (placed < 70) {
      const x = p.between(-135, 135);
      const y = p.between(-72, 72);
      const ring = (x / 140) ** 2 + (y / 76) ** 2;
      const inHole = (x / 70) ** 2 + ((y + 6) / 40) ** 2 < 1;
      if (ring > 1 || inHole) continue;
      placed += 1;
      const fill = colours[placed % colours.length] ?? WHITE;
      bits += el('rect', { x: -7, y: -2.5, width: 14, height: 5, rx: 2.5, fill, transform: at(CX + x, cy - 2 + y, p.between(0, 180)) });
    }
    s += bits;
  }
  return s;
};

const cakeSlice: Drawer = (art, p) => {
  let s = plate(p, CX, 470, 226, 80, art.accent);
  const sponge = art.color;
  const top = art.topColor ?? CREAM;
  const h = 120;
  const T: Point = [182, 392];
  const B1: Point = [336, 262];
  const B2: Point = [474, 330];
  const topFace = d`M${T[0]},${T[1]} L${B1[0]},${B1[1]} Q${448},${262} ${B2[0]},${B2[1]} Z`;
  const frontFace = d`M${T[0]},${T[1]} L${B2[0]},${B2[1]} L${B2[0]},${B2[1] + h} L${T[0]},${T[1] + h} Z`;
  s += path(d`M${B2[0]},${B2[1]} Q${490},${360} ${B2[0] - 4},${B2[1] + h}`, dark(sponge, 0.3));
  s += path(frontFace, p.across([
    [0, light(sponge, 0.15)],
    [1, dark(sponge, 0.12)],
  ]));
  const along = (t: number, dy: number): string => {
    const x1 = T[0];
    const y1 = T[1] + dy + t;
    const x2 = B2[0];
    const y2 = B2[1] + dy + t;
    return d`M${x1},${y1} L${x2},${y2}`;
  };
  if (has(art, 'layers')) {
    s += stroke(along(0, 42), top, 12, { 'stroke-linecap': 'butt' }) + stroke(along(0, 82), top, 12, { 'stroke-linecap': 'butt' });
  }
  s += dots(p, (T[0] + B2[0]) / 2, (T[1] + B2[1]) / 2 + h / 2, 130, 40, 30, dark(sponge, 0.15), [1.5, 3], 0.5);
  if (art.bottomColor) s += stroke(along(0, h - 6), art.bottomColor, 12, { 'stroke-linecap': 'butt' });
  s += path(topFace, p.linear([
    [0, light(top, 0.2)],
    [1, dark(top, 0.06)],
  ]));
  s += stroke(along(0, 5), top, 12, { 'stroke-linecap': 'butt' });
  s += stroke(d`M${T[0]},${T[1]} L${B2[0]},${B2[1]}`, light(top, 0.4), 3, { opacity: 0.8 });
  if (has(art, 'sprinkles')) s += sprinkleBits(p, 330, 320, 70, 26, 30, [art.toppingColor ?? '#B3263A'], 0.6);
  if (has(art, 'cocoa')) s += dots(p, 340, 318, 80, 30, 60, art.toppingColor ?? '#4A2414', [1.5, 3], 0.6);
  return s;
};

const cookies: Drawer = (art, p) => {
  let s = plate(p, CX, 460, 226, 84, art.accent);
  const c = art.color;
  const chip = art.toppingColor ?? '#3F2314';
  const cookie = (x: number, y: number) => {
    const shape = blob(p, x, y, 104, 40, 0.05, 16);
    return (
      path(shape, dark(c, 0.3), { transform: 'translate(0 16)' }) +
      path(shape, p.radial([
        [0, light(c, 0.3)],
        [0.75, c],
        [1, dark(c, 0.12)],
      ])) +
      stroke(d`M${x - 40},${y - 6} q20,-10 36,2`, light(c, 0.35), 3, { opacity: 0.8 }) +
      stroke(d`M${x + 16},${y + 12} q16,-8 34,0`, light(c, 0.35), 3, { opacity: 0.8 }) +
      dots(p, x, y, 80, 28, 9, chip, [5, 9])
    );
  };
  s += cookie(304, 470) + cookie(338, 428) + cookie(312, 384);
  s += dots(p, 430, 482, 40, 12, 8, c, [3, 6]);
  return s;
};

const toast: Drawer = (art, p) => {
  let s = board(p, art.accent);
  const crust = art.color;
  const crumb = '#F6E2B8';
  const filling = art.toppingColor ?? '#4A2414';
  const cheese = art.topColor ?? '#FFD45C';
  s += path('M420,300 L470,262 L470,414 L420,452 Z', dark(crust, 0.15));
  s += path('M200,300 L250,262 L470,262 L420,300 Z', p.linear([
    [0, light(crust, 0.1)],
    [1, crust],
  ]));
  for (let i = 0; i < 4; i++) s += stroke(d`M${236 + i * 52},${294} L${276 + i * 52},${266}`, dark(crust, 0.25), 7, { opacity: 0.6 });
  s += el('rect', { x: 200, y: 300, width: 220, height: 152, rx: 10, fill: crust });
  s += el('rect', { x: 208, y: 306, width: 204, height: 52, rx: 8, fill: crumb });
  s += el('rect', { x: 208, y: 394, width: 204, height: 50, rx: 8, fill: crumb });
  s += el('rect', { x: 200, y: 360, width: 220, height: 30, fill: filling });
  s += path('M200,378 C240,372 270,392 310,380 S380,372 420,382 L420,390 L200,390 Z', cheese);
  for (const [x, len] of [
    [236, 26],
    [288, 40],
    [352, 22],
    [392, 34],
  ] as const) {
    s += stroke(d`M${x},388 L${x},${388 + len}`, filling, 12);
  }
  s += dots(p, 310, 330, 90, 18, 20, '#E9CB91', [1.5, 3]) + dots(p, 310, 420, 90, 18, 20, '#E9CB91', [1.5, 3]);
  if (has(art, 'cheese')) s += sprinkleBits(p, 336, 280, 100, 14, 40, ['#FFE69A', '#F8D56A', '#FFF1C4'], 1);
  if (has(art, 'sprinkles')) s += sprinkleBits(p, 336, 280, 100, 14, 40, [filling], 0.55);
  if (has(art, 'drizzle')) s += stroke(zigzag(336, 280, 190, 26, 6), '#FFF8EA', 5);
  return s;
};

const loafSlice: Drawer = (art, p) => {
  let s = board(p, art.accent);
  const crumb = art.color;
  const crust = art.bottomColor ?? dark(crumb, 0.45);
  const face = 'M-96,70 L-96,-30 C-96,-84 -50,-104 0,-104 C50,-104 96,-84 96,-30 L96,70 Q96,82 84,82 L-84,82 Q-96,82 -96,70 Z';
  const slice = (x: number, y: number, r: number) =>
    group(
      path(face, dark(crust, 0.2), { transform: 'translate(24 -12)' }) +
        path(face, crumb, { stroke: crust, 'stroke-width': 14 }) +
        path('M-96,-30 C-96,-84 -50,-104 0,-104 C50,-104 96,-84 96,-30 C60,-66 -60,-66 -96,-30 Z', crust) +
        group(dots(p, 0, 10, 70, 55, 22, dark(crumb, 0.35), [2, 4]) + dots(p, 0, 10, 70, 55, 8, '#F2DDA8', [4, 7]), {
          'clip-path': p.clip(path(face, WHITE)),
        }) +
        ellipse(-50, -80, 26, 7, WHITE, { opacity: 0.25, transform: 'rotate(-20 -50 -80)' }),
      { transform: at(x, y, r) },
    );
  s += slice(372, 350, 10) + slice(282, 372, -6);
  // A ripe banana alongside says which bread this is.
  s += path('M400,470 C440,486 492,478 518,446 C522,440 530,444 528,452 C506,500 436,506 396,482 Z', '#F3CB3F');
  s += path('M400,470 C440,486 492,478 518,446 C510,470 450,486 404,476 Z', '#FBE27D');
  s += el('rect', { x: 520, y: 436, width: 10, height: 18, rx: 4, fill: '#6B4A1E', transform: 'rotate(20 525 445)' });
  s += ellipse(394, 478, 7, 6, '#4A3214');
  return s;
};

const DRAWERS: Record<ArtKind, Drawer> = {
  'hot-cup': hotCup,
  'small-cup': smallCup,
  mug,
  'iced-glass': icedGlass,
  'plastic-cup': plasticCup,
  bottle,
  carton,
  shot,
  ramekin,
  'coffee-bag': coffeeBag,
  tumbler: travelTumbler,
  'fried-rice': friedRice,
  noodles,
  'rice-bowl': riceBowl,
  fries,
  wings,
  fritters,
  croissant,
  donut,
  'cake-slice': cakeSlice,
  cookies,
  toast,
  'loaf-slice': loafSlice,
};

/**
 * Where each kind's subject sits: the drawing's vertical centre and a zoom, so that every subject fills the
 * disc the same way (the web app crops pictures to an oval).
 */
const FRAMES: Partial<Record<ArtKind, { readonly cy: number; readonly zoom: number }>> = {
  'small-cup': { cy: 404, zoom: 1.16 },
  carton: { cy: 352, zoom: 1.08 },
  shot: { cy: 430, zoom: 1.3 },
  ramekin: { cy: 428, zoom: 1.28 },
  'coffee-bag': { cy: 356, zoom: 1.04 },
  tumbler: { cy: 346, zoom: 1.02 },
  'fried-rice': { cy: 412, zoom: 1.08 },
  noodles: { cy: 412, zoom: 1.08 },
  'rice-bowl': { cy: 404, zoom: 1.06 },
  wings: { cy: 418, zoom: 1.1 },
  fritters: { cy: 418, zoom: 1.1 },
  croissant: { cy: 420, zoom: 1.12 },
  donut: { cy: 424, zoom: 1.12 },
  'cake-slice': { cy: 410, zoom: 1.1 },
  cookies: { cy: 430, zoom: 1.14 },
  toast: { cy: 392, zoom: 1.1 },
  'loaf-slice': { cy: 396, zoom: 1.1 },
};

/** A self-contained 640x640 SVG: no text, fonts or external references; the same spec always gives the same bytes. */
export function renderProductSvg(art: ArtSpec): string {
  assertArt(art);
  const p = new Painter(seededRandom(seedOf(art)));
  const frame = FRAMES[art.kind];
  const subject = DRAWERS[art.kind](art, p);
  const framed = frame
    ? group(subject, { transform: `translate(${CX} 330) scale(${num(frame.zoom)}) translate(${-CX} ${-frame.cy})` })
    : subject;
  const scene = backdrop(art, p) + framed;
  const soft = el(
    'filter',
    { id: 'soft', x: '-50%', y: '-50%', width: '200%', height: '200%' },
    el('feGaussianBlur', { stdDeviation: 9 }),
  );
  const size = String(PICTURE_SIZE);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<defs>${soft}${p.markup()}</defs>${scene}</svg>`
  );
}

export const PICTURE_QUALITY = 82;

/** The picture as WebP, as the demo menu's committed pictures are stored. */
export async function renderProductPicture(art: ArtSpec): Promise<Buffer> {
  return sharp(Buffer.from(renderProductSvg(art)))
    .resize(PICTURE_SIZE, PICTURE_SIZE)
    .webp({ quality: PICTURE_QUALITY })
    .toBuffer();
}

/** The picture as lossless PNG: for a caller that re-encodes it (storeImage), so it is compressed only once. */
export async function renderProductPng(art: ArtSpec): Promise<Buffer> {
  return sharp(Buffer.from(renderProductSvg(art))).resize(PICTURE_SIZE, PICTURE_SIZE).png().toBuffer();
}

// ---------------------------------------------------------------------------------------------
// A drawing for a product known only by its name and category

const BACKDROPS = ['#FFE3A3', '#F6E4CB', '#EBD8C4', '#FAD9BE', '#F6D5D3', '#D7EAD3', '#E4D8EE', '#D6E6F0'] as const;
const ACCENTS = [BRAND_BROWN, '#FFBA33', '#4F8F8B', '#D9734E', '#B3263A', '#3E5F8A'] as const;
const ESPRESSO = '#6E4128';
const MILK = '#F3E7D6';

type Flavour = { readonly color: string; readonly top?: string; readonly backdrop?: string; readonly accent?: string };

/** Flavours a name may announce, first match wins: the colour of the drink, glaze or sauce. */
const FLAVOURS: ReadonlyArray<readonly [readonly string[], Flavour]> = [
  [['matcha', 'green tea', 'pandan', 'alpukat', 'avocado'], { color: '#B5D196', top: '#6E9C45', backdrop: '#D7EAD3', accent: '#6E9C45' }],
  [['strawberry', 'raspberry', 'blueberry', 'red velvet', 'berry', 'rose', 'pink'], { color: '#F4A7B4', top: '#FCE8EA', backdrop: '#F6D5D3', accent: '#E0475E' }],
  [['chocolate', 'choco', 'cokelat', 'coklat', 'cocoa', 'mocha', 'brownie'], { color: '#6B3A20', top: '#4A2414', backdrop: '#F6D5D3', accent: '#B3263A' }],
  [['taro', 'ube'], { color: '#C9A8D8', top: '#E9DCF0', backdrop: '#E4D8EE', accent: '#8E6BB0' }],
  [['thai tea'], { color: '#E58A3A', top: '#F6E5CE', backdrop: '#FBE2C6', accent: '#E07A3B' }],
  [['lemon', 'lime', 'yuzu', 'orange', 'jeruk', 'mango', 'citrus'], { color: '#F7A21E', top: '#FBC257', backdrop: '#FFE3A3', accent: '#E07A3B' }],
  [['lychee', 'leci', 'peach'], { color: '#E8A977', top: '#F3CBA0', backdrop: '#FAD9BE', accent: '#D98B95' }],
  [['ginger', 'jahe'], { color: '#C98A3A', backdrop: '#EBD8C4', accent: '#4F8F8B' }],
  [['tea', 'teh', 'chai'], { color: '#D9902F', top: '#EDB04F', backdrop: '#FFE3A3' }],
  [['caramel', 'karamel', 'hazelnut', 'gula aren', 'palm sugar', 'brown sugar', 'butterscotch', 'honey', 'madu'], { color: '#D9B38A', top: '#8A5530', backdrop: '#FAD9BE' }],
  [['cheese', 'keju', 'vanilla', 'cream', 'milk', 'susu', 'oat', 'almond', 'soy'], { color: '#F3E6CF', top: '#FFF7EA', backdrop: '#F6E4CB' }],
  [['latte', 'cappuccino', 'flat white', 'macchiato', 'au lait'], { color: '#CFA57C', top: '#FFF7EA', backdrop: '#EBD8C4' }],
];

const wordsOf = (name: string) => ` ${name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
/** Whole words or phrases only, so "tea" does not match "steak" nor "ice" match "rice". */
const mentions = (words: string, ...terms: readonly string[]) => terms.some((term) => words.includes(` ${term} `) || words.includes(` ${term}s `));

function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function drinkArt(words: string, category: Category, flavour: Flavour | undefined, base: Pick<ArtSpec, 'accent' | 'backdrop'>): ArtSpec {
  const coffee = category === 'coffee';
  const milky = mentions(words, 'latte', 'cappuccino', 'flat white', 'macchiato', 'milk', 'susu', 'au lait', 'cream', 'creamy');
  const color = flavour?.color ?? (coffee ? (milky ? '#CFA57C' : '#4A2A17') : '#C98A3A');
  const toppings: Topping[] = [];
  if (mentions(words, 'boba', 'bubble', 'pearl')) {
    return { kind: 'plastic-cup', color: milky ? '#F1E3CF' : color, bottomColor: '#9A6232', toppings: ['boba', 'tiger'], toppingColor: '#7A4016', ...base };
  }
  if (mentions(words, 'ice', 'iced', 'es', 'cold', 'frappe', 'frappuccino', 'smoothie', 'soda', 'float', 'frozen', 'shake')) {
    toppings.push('ice');
    if (mentions(words, 'frappe', 'frappuccino', 'float', 'shake', 'whipped')) toppings.push('whipped');
    if (mentions(words, 'caramel', 'mocha', 'choco', 'cokelat')) toppings.push('drizzle');
    if (mentions(words, 'lemon', 'lime', 'orange', 'jeruk', 'yuzu', 'citrus')) toppings.push('citrus');
    const top = coffee && milky ? ESPRESSO : flavour?.top;
    return {
      kind: mentions(words, 'cold brew') ? 'bottle' : 'iced-glass',
      color,
      ...(top ? { topColor: top } : {}),
      ...(milky ? { bottomColor: MILK } : {}),
      toppings: mentions(words, 'cold brew') ? [] : toppings,
      ...(toppings.includes('drizzle') ? { toppingColor: '#E0973A' } : {}),
      ...base,
    };
  }
  if (coffee && !milky && mentions(words, 'espresso', 'ristretto', 'doppio', 'lungo', 'shot')) {
    return { kind: 'small-cup', color: '#A8672F', toppings: ['crema'], accent: '#F1EAE2', backdrop: base.backdrop };
  }
  if (!coffee || mentions(words, 'tubruk', 'mug', 'kopi')) {
    if (mentions(words, 'chocolate', 'cokelat', 'cocoa')) toppings.push('marshmallow');
    else if (mentions(words, 'ginger', 'jahe')) toppings.push('ginger');
    else if (milky || flavour?.top) toppings.push('foam');
    else toppings.push('crema');
    return { kind: 'mug', color, ...(toppings.includes('foam') && flavour?.top ? { topColor: flavour.top } : {}), toppings, ...base };
  }
  if (mentions(words, 'cappuccino')) {
    return { kind: 'hot-cup', color: '#8C5530', topColor: '#FBEFDD', toppings: ['foam', 'cocoa'], toppingColor: '#5A2E16', ...base };
  }
  return milky
    ? { kind: 'hot-cup', color: flavour?.color ?? '#B5773F', topColor: '#FFF7EA', toppings: ['latte-art'], ...base }
    : { kind: 'hot-cup', color, toppings: ['crema'], ...base };
}

function foodArt(words: string, flavour: Flavour | undefined, base: Pick<ArtSpec, 'accent' | 'backdrop'>): ArtSpec {
  const glaze = flavour?.color;
  if (mentions(words, 'wing', 'chicken wing', 'drumstick', 'sayap')) return { kind: 'wings', color: '#B8501F', toppings: ['sesame', 'greens'], ...base };
  if (mentions(words, 'fries', 'kentang', 'potato', 'chips', 'wedges')) return { kind: 'fries', color: '#F2C14E', ...base };
  if (mentions(words, 'noodle', 'mie', 'mi', 'ramen', 'pasta', 'spaghetti', 'kwetiau', 'bihun')) return { kind: 'noodles', color: '#D49A52', toppings: ['greens'], ...base };
  if (mentions(words, 'fried rice', 'nasi goreng')) return { kind: 'fried-rice', color: '#C8783E', toppings: ['egg', 'krupuk'], ...base };
  if (mentions(words, 'croissant', 'pastry', 'danish')) return { kind: 'croissant', color: '#D9923E', ...(mentions(words, 'almond') ? { toppings: ['almond', 'sugar'] } : {}), ...base };
  if (mentions(words, 'donut', 'doughnut', 'donat')) return { kind: 'donut', color: '#D99A4A', topColor: flavour?.top ?? '#5A2E16', toppings: ['sprinkles'], ...base };
  if (mentions(words, 'cake', 'cheesecake', 'tart', 'pie', 'brownie', 'tiramisu', 'bolu')) return { kind: 'cake-slice', color: '#F4D89A', topColor: glaze ?? '#6B3A1E', ...base };
  if (mentions(words, 'cookie', 'biscuit', 'biskuit', 'kue')) return { kind: 'cookies', color: '#D49A52', toppingColor: '#3F2314', ...base };
  if (mentions(words, 'toast', 'roti bakar', 'sandwich', 'waffle', 'pancake')) {
    return { kind: 'toast', color: '#C98A3E', topColor: '#FFD45C', toppings: ['cheese', 'drizzle'], toppingColor: '#4A2414', ...base };
  }
  if (mentions(words, 'bread', 'loaf', 'roti', 'bun', 'muffin')) return { kind: 'loaf-slice', color: '#C99158', bottomColor: '#6E3E1C', ...base };
  if (mentions(words, 'fritter', 'goreng', 'pisang', 'tempe', 'tahu', 'tofu', 'bakwan', 'banana')) {
    return { kind: 'fritters', color: '#E0A03F', ...(mentions(words, 'keju', 'cheese') ? { toppings: ['cheese'] } : {}), ...base };
  }
  return { kind: 'rice-bowl', color: '#DDA24B', toppingColor: '#4A2414', ...base };
}

function addOnArt(words: string, flavour: Flavour | undefined, base: Pick<ArtSpec, 'accent' | 'backdrop'>): ArtSpec {
  // Things for the shelf rather than the cup: coffee to brew at home, and something to carry it in.
  if (mentions(words, 'tumbler', 'termos', 'thermos', 'flask')) return { kind: 'tumbler', color: '#D9DEE2', ...base };
  if (mentions(words, 'bean', 'biji', 'drip bag', 'ground coffee', 'bubuk')) {
    return { kind: 'coffee-bag', color: '#B98B5E', ...(mentions(words, 'bean', 'biji') ? { toppings: ['beans'] } : {}), ...base };
  }
  if (mentions(words, 'shot', 'espresso')) return { kind: 'shot', color: '#3F2314', topColor: '#C98A4B', ...base };
  if (mentions(words, 'syrup', 'sirup', 'honey', 'madu')) return { kind: 'bottle', color: flavour?.color ?? '#7A3F12', toppings: ['pump'], ...base };
  if (mentions(words, 'milk', 'susu')) return { kind: 'carton', color: '#F3E6CF', ...(mentions(words, 'oat') ? { toppings: ['oat'], toppingColor: '#D9A441' } : {}), ...base };
  if (mentions(words, 'boba', 'pearl', 'tapioca')) return { kind: 'ramekin', color: '#6B3A1E', toppings: ['boba'], ...base };
  if (mentions(words, 'jelly', 'cincau', 'agar')) return { kind: 'ramekin', color: flavour ? flavour.color : '#2F3A2C', toppings: ['jelly'], ...base };
  if (mentions(words, 'whipped', 'cream')) return { kind: 'ramekin', color: '#FFF6E8', toppings: ['whipped'], ...base };
  if (mentions(words, 'foam')) return { kind: 'ramekin', color: '#FBE7B0', toppings: ['foam'], toppingColor: '#E0A96A', ...base };
  return { kind: 'ramekin', color: flavour?.color ?? '#C67A2E', toppings: ['sauce'], ...base };
}

/**
 * A picture description for a product known only by its name and category: the category picks the family
 * (drink, dish, add-on), words of the name pick the vessel or dish and its colours ("Iced Matcha Latte" is a
 * green iced glass, "Spicy Chicken Wings" are wings). The same name always gives the same picture.
 */
export function artForProduct(name: string, category: Category): ArtSpec {
  const words = wordsOf(name);
  const flavour = FLAVOURS.find(([terms]) => mentions(words, ...terms))?.[1];
  const hash = hashOf(words);
  const base = {
    accent: flavour?.accent ?? ACCENTS[hash % ACCENTS.length] ?? BRAND_BROWN,
    backdrop: flavour?.backdrop ?? BACKDROPS[(hash >>> 8) % BACKDROPS.length] ?? '#F6E4CB',
  };
  if (category === 'foods') return foodArt(words, flavour, base);
  if (category === 'add-on') return addOnArt(words, flavour, base);
  return drinkArt(words, category, flavour, base);
}
