import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n';

/**
 * The profile shows the date of birth as DD/MM/YY. The API keeps ISO YYYY-MM-DD.
 * '1998-02-14' -> '14/02/98'
 */
export function formatDateOfBirth(iso: string | null): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const [, year = '', month = '', day = ''] = match;
  return `${day}/${month}/${year.slice(2)}`;
}

export type ParsedDate = { ok: true; iso: string | null } | { ok: false; message: string };

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

/**
 * Reads what a person types: DD/MM/YY as shown, or DD/MM/YYYY ('-', '.' or spaces work as separators).
 * A two-digit year is the most recent one that is not in the future: on 2025-06-01, '98' is 1998 and
 * '05' is 2005 (a birth date cannot be ahead). Empty text clears the date. Its refusals are in the screens' language
 * when it is called.
 */
export function parseDateOfBirth(text: string, today: Date = new Date()): ParsedDate {
  const value = text.trim();
  if (value === '') return { ok: true, iso: null };
  const match = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{2}|\d{4})$/.exec(value);
  if (!match) return { ok: false, message: i18n._(msg`Write the date as DD/MM/YY, for example 14/02/98`) };
  const day = Number(match[1]);
  const month = Number(match[2]);
  const yearText = match[3] ?? '';
  const todayIso = isoOf(today.getFullYear(), today.getMonth() + 1, today.getDate());

  let year = Number(yearText);
  if (yearText.length === 2) {
    year = 2000 + year;
    if (isoOf(year, month, day) > todayIso) year -= 100;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    const dayAndMonth = `${pad(day)}/${pad(month)}`;
    return { ok: false, message: i18n._(msg`${dayAndMonth} is not a date in the calendar`) };
  }
  const iso = isoOf(year, month, day);
  if (iso > todayIso) return { ok: false, message: i18n._(msg`A date of birth cannot be in the future`) };
  if (year < 1900) return { ok: false, message: i18n._(msg`Use a date from 1900 on`) };
  return { ok: true, iso };
}
