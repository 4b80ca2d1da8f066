/**
 * The shop's clock, shared by the API (which judges requested times by it) and the web app (which offers the
 * days and times to pick). Opening and delivery hours are wall-clock times in the shop's zone, whatever zone
 * the server or the customer is in. Zone math uses Intl.DateTimeFormat only (no tz library), which both
 * Node.js and browsers carry. A shop-local moment is written 'YYYY-MM-DDTHH:mm' (minute precision, no zone).
 */

/** A shop-local moment as written: 'YYYY-MM-DDTHH:mm', not yet checked against the calendar. */
export const SHOP_LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export interface ShopLocal {
  /** 'YYYY-MM-DDTHH:mm' */
  text: string;
  /** 1 = Monday ... 7 = Sunday (ISO 8601). */
  isoWeekday: number;
  /** Minutes since local midnight, 0..1439. */
  minuteOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      // h23, so midnight is 00 and never 24.
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function localFields(instant: Date, timeZone: string): Fields & { second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function describe(f: Fields): ShopLocal {
  const isoWeekday = ((new Date(Date.UTC(f.year, f.month - 1, f.day)).getUTCDay() + 6) % 7) + 1;
  return {
    text: `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`,
    isoWeekday,
    minuteOfDay: f.hour * 60 + f.minute,
  };
}

/** The shop-local wall-clock minute of an instant (seconds dropped). */
export function toShopLocal(instant: Date, timeZone: string): ShopLocal {
  return describe(localFields(instant, timeZone));
}

/** Parses 'YYYY-MM-DDTHH:mm'; null when it is not a real calendar date and time (2026-02-30T10:00, 24:00). */
export function parseShopLocal(text: string): ShopLocal | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1970 ||
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    return null;
  }
  return describe({ year, month, day, hour, minute });
}

/** Offset of the zone from UTC at an instant, in milliseconds (Jakarta: +7 h). */
function offsetMs(instant: number, timeZone: string): number {
  const f = localFields(new Date(instant), timeZone);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a shop-local time denotes. Re-checks the offset at the result so a zone with daylight
 * saving resolves correctly; a time skipped by a clock change maps to the moment just after the gap.
 */
export function shopLocalToInstant(local: ShopLocal, timeZone: string): Date {
  const [date, time] = local.text.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  return new Date(second);
}
