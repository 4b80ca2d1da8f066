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
    if (!query.from) throw badRequest('Choose the first day of the report', 'from');
    if (!query.to) throw badRequest('Choose the last day of the report', 'to');
    if (query.to < query.from) throw badRequest('The last day comes before the first day: swap them', 'to');
    if (daysBetween(query.from, query.to) + 1 > MAX_REPORT_DAYS) {
      throw badRequest(`A report covers at most ${MAX_REPORT_DAYS} days: choose a shorter range`, 'to');
    }
    from = query.from;
    to = query.to;
  }
  return { range: query.range, from, to, fromIso: dayStart(from, timeZone), toIso: dayStart(addDays(to, 1), timeZone) };
}
