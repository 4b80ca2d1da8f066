/** ISO weekdays in the shop's words: index 0 is Monday (ISO day 1), as store hours and coupon days count them. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The name of ISO weekday `isoDay` (1 Monday ... 7 Sunday). */
export const weekdayName = (isoDay: number): string => WEEKDAY_NAMES[isoDay - 1] ?? '';
