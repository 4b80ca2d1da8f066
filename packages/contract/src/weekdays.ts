/** Monday 1 January 2024 (UTC): ISO weekday `d` is `d - 1` days after it. */
const A_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

const longNames = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const shortNames = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

/** The name of ISO weekday `isoDay` (1 Monday ... 7 Sunday), as store hours and coupon days count them. */
export function weekdayName(isoDay: number, width: 'long' | 'short' = 'long'): string {
  if (!Number.isInteger(isoDay) || isoDay < 1 || isoDay > 7) return '';
  return (width === 'long' ? longNames : shortNames).format(A_MONDAY + (isoDay - 1) * DAY_MS);
}

/** ISO weekdays in the shop's words: index 0 is Monday (ISO day 1). */
export const WEEKDAY_NAMES: readonly string[] = [1, 2, 3, 4, 5, 6, 7].map((day) => weekdayName(day));
