import { MAX_REPORT_DAYS, parseShopLocal, shopLocalToInstant, toShopLocal, type ReportQuery, type ReportRange } from '@coffee/contract';
import { badRequest } from '../../lib/errors.js';

/** The shop days a report covers and the instants they start and end at (the end excluded). */
export interface ResolvedRange {
  range: ReportRange;
  /** First day, YYYY-MM-DD, shop time. */
  from: string;
  /** Last day (included). */
  to: string;
  fromIso: string;
  toIso: string;
}

const DAY_MS = 86_400_000;
const asUtc = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayText = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayText(asUtc(day) + days * DAY_MS);
export const daysBetween = (from: string, to: string): number => Math.round((asUtc(to) - asUtc(from)) / DAY_MS);

/** The instant a shop day starts at: midnight in the shop's zone, whatever zone the server runs in. */
export function dayStart(day: string, timeZone: string): string {
  const local = parseShopLocal(`${day}T00:00`);
  if (!local) throw new RangeError(`not a day: ${day}`);
  return shopLocalToInstant(local, timeZone).toISOString();
}

/** The day, week (Monday to Sunday), month or the custom days a query asks for. */
export function resolveRange(query: ReportQuery, now: Date, timeZone: string): ResolvedRange {
  const anchor = query.date ?? toShopLocal(now, timeZone).text.slice(0, 10);
  let from = anchor;
  let to = anchor;
  if (query.range === 'week') {
    const weekday = new Date(asUtc(anchor)).getUTCDay() || 7;
    from = addDays(anchor, 1 - weekday);
    to = addDays(from, 6);
  } else if (query.range === 'month') {
    from = `${anchor.slice(0, 7)}-01`;
    to = addDays(addDays(from, 32).slice(0, 7) + '-01', -1);
  } else if (query.range === 'custom') {
    if (!query.from) throw badRequest(/*i18n*/ 'Choose the first day of the report', 'from');
    if (!query.to) throw badRequest(/*i18n*/ 'Choose the last day of the report', 'to');
    if (query.to < query.from) throw badRequest(/*i18n*/ 'The last day comes before the first day: swap them', 'to');
    if (daysBetween(query.from, query.to) + 1 > MAX_REPORT_DAYS) {
      throw badRequest(/*i18n*/ { id: 'A report covers at most {limit} days: choose a shorter range', values: { limit: MAX_REPORT_DAYS } }, 'to');
    }
    from = query.from;
    to = query.to;
  }
  return { range: query.range, from, to, fromIso: dayStart(from, timeZone), toIso: dayStart(addDays(to, 1), timeZone) };
}

/**
 * The shop's wall clock of instants (ms since the epoch): day, hour, weekday and 'YYYY-MM-DD HH:mm'. The zone's offset
 * is asked of Intl (the slow part of a year's report or export) once per UTC day, at both its ends, and per instant
 * only on a day the offset changes (daylight saving). A UTC hour is then one shop hour in every zone a whole number
 * of hours from UTC (every Indonesian zone).
 */
export function shopLocalOf(timeZone: string) {
  const offsets = new Map<number, number | null>();
  const offsetAt = (ms: number) => Date.parse(`${toShopLocal(new Date(ms), timeZone).text}:00Z`) - Math.floor(ms / 60_000) * 60_000;
  return (ms: number): { date: string; hour: number; isoWeekday: number; text: string } => {
    const dayStartMs = Math.floor(ms / DAY_MS) * DAY_MS;
    let offset = offsets.get(dayStartMs);
    if (offset === undefined) {
      const first = offsetAt(dayStartMs);
      offset = first === offsetAt(dayStartMs + DAY_MS - 60_000) ? first : null;
      offsets.set(dayStartMs, offset);
    }
    const local = new Date(ms + (offset ?? offsetAt(ms)));
    const iso = local.toISOString();
    return { date: iso.slice(0, 10), hour: local.getUTCHours(), isoWeekday: local.getUTCDay() || 7, text: `${iso.slice(0, 10)} ${iso.slice(11, 16)}` };
  };
}
