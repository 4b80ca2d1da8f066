/**
 * Times and days typed as text, on the 24-hour clock and day first, whatever the browser's language: a native
 * time or date field draws itself in the browser's locale (08:00 PM, 11/26/2026 in en-US) beside hints that speak
 * 24-hour time in a shop in Jakarta. The API keeps its own forms: 'HH:mm' and 'YYYY-MM-DD'.
 */

import { msg } from '@lingui/core/macro';
import { currentLanguage, i18n, type Language } from './i18n';

/** How to write a time or a day, for a field that could not read one: `i18n._(TIME_FORMAT)`, or the functions below. */
export const TIME_FORMAT = msg`Write the time as HH:MM on the 24-hour clock, e.g. 19:30`;
export const DAY_FORMAT = msg`Write the day as DD/MM/YYYY, e.g. 26/11/2026`;

/** TIME_FORMAT in the screens' language now (call it while drawing, never once at load). */
export const timeFormatMessage = (): string => i18n._(TIME_FORMAT);
/** DAY_FORMAT in the screens' language now (call it while drawing, never once at load). */
export const dayFormatMessage = (): string => i18n._(DAY_FORMAT);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'HH:mm' of a typed time ('19:30', '1930', '19.30', '9', '7:30 pm'); '' for an empty field; null when it is not a
 * time of day. A 12-hour time with am/pm is read, so a customer used to it is understood, and shown back as 24-hour.
 */
export function parseClockTime(text: string): string | null {
  const typed = text.trim().toLowerCase();
  if (typed === '') return '';
  const m = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/.exec(typed);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (m[3] !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[3].startsWith('p') ? 12 : 0);
  }
  return hour > 23 || minute > 59 ? null : `${pad(hour)}:${pad(minute)}`;
}

/** Whether a field's text is a whole 'HH:MM' already (worth acting on while the customer still types). */
export const isWholeClockTime = (text: string): boolean => /^\d{2}:\d{2}$/.test(text.trim()) && parseClockTime(text) !== null;

const isoOf = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? `${year}-${pad(month)}-${pad(day)}`
    : null;
};

/**
 * 'YYYY-MM-DD' of a typed day, day first ('26/11/2026', '26-11-2026', '26.11.26'; 'YYYY-MM-DD' is read too); ''
 * for an empty field; null when it is no calendar day.
 */
export function parseCalendarDay(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(typed);
  if (!m) return null;
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return isoOf(year, Number(m[2]), Number(m[1]));
}

/** '2026-11-26' -> '26/11/2026', the way the day fields show it; anything else unchanged. */
export function dayText(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** A day of the year typed day first ('22/12', '22-12') -> the API's 'MM-DD'; '' when empty; null when no such day. */
export function parseDayOfYear(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return '';
  const m = /^(\d{1,2})[/.-](\d{1,2})$/.exec(typed);
  // A leap year, so 29/02 is a day of the year.
  const iso = m ? isoOf(2024, Number(m[2]), Number(m[1])) : null;
  return iso === null ? null : iso.slice(5);
}

/** The API's 'MM-DD' -> '22/12'. */
export function dayOfYearText(monthDay: string): string {
  const m = /^(\d{2})-(\d{2})$/.exec(monthDay);
  return m ? `${m[2]}/${m[1]}` : monthDay;
}

/** The locale Intl writes each language's days and times in: en-GB (day first) for English, id-ID for Indonesian. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (language: Language, withYear: boolean): Intl.DateTimeFormat => {
  const key = `${language}|${withYear}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    dayFormats.set(key, format);
  }
  return format;
};

/**
 * A calendar day (read in UTC) in the screens' language: as en-GB writes it, without its comma ('Thu 26 Nov', with
 * the year 'Thu 26 Nov 2026'); in Indonesian as id-ID writes it ('Kam, 26 Nov', 'Kam, 26 Nov 2026').
 */
export function utcDayText(date: Date, withYear = false, language: Language = currentLanguage()): string {
  const text = dayFormat(language, withYear).format(date);
  return language === 'en' ? text.replace(',', '') : text;
}

/** '2026-11-26' -> 'Thu 26 Nov' (with the year: 'Thu 26 Nov 2026'; 'Kam, 26 Nov' in Indonesian), day first. */
export function dayName(iso: string, withYear = false, language: Language = currentLanguage()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return utcDayText(date, withYear, language);
}

/** Monday 1 January 2024 (UTC): ISO weekday `d` is `d - 1` days after it. */
const A_MONDAY = Date.UTC(2024, 0, 1);

/**
 * The name of ISO weekday `isoDay` (1 Monday ... 7 Sunday) in `language`: 'Monday' as the contract's weekdayName
 * writes it in English, 'Senin' in Indonesian; '' for anything else.
 */
export function weekdayIn(isoDay: number, width: 'long' | 'short' = 'long', language: Language = currentLanguage()): string {
  if (!Number.isInteger(isoDay) || isoDay < 1 || isoDay > 7) return '';
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { weekday: width, timeZone: 'UTC' }).format(A_MONDAY + (isoDay - 1) * 86_400_000);
}
