/**
 * The shop's clock on the API side. The zone math is shared with the web app and lives in @coffee/contract;
 * this module adds how the API words a shop-local time, a day, a weekday and the zone in its messages, in each of
 * its languages (lib/i18n.ts puts them in a text as values: `{ shopTime }`, `{ day }`, `{ weekday }`, `{ zone }`).
 */
import { weekdayName, type ShopLocal } from '@coffee/contract';
import type { Locale } from './locale.js';

export { isValidTimeZone, parseShopLocal, shopLocalToInstant, toShopLocal, type ShopLocal } from '@coffee/contract';

const INTL: Record<Locale, string> = { en: 'en-GB', id: 'id-ID' };
const monthName = (locale: Locale, month: number) =>
  new Intl.DateTimeFormat(INTL[locale], { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, month - 1, 1));

/** ISO weekday 1 (Monday) to 7 (Sunday): 'Monday' as the contract names it, 'Senin' in Indonesian. */
export function describeWeekday(isoWeekday: number, locale: Locale = 'en'): string {
  if (locale === 'en') return weekdayName(isoWeekday);
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(INTL[locale], { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, isoWeekday));
}

/**
 * 'YYYY-MM-DDTHH:mm' on the shop's clock as a customer reads it (never the ISO text): 'Saturday 21 November at 10:00',
 * 'Sabtu 21 November pukul 10:00'. The time keeps the colon the app's time fields are typed with.
 */
export function describeShopLocal(local: ShopLocal | string, locale: Locale = 'en'): string {
  const text = typeof local === 'string' ? local : local.text;
  const [date = '', time = ''] = text.split('T');
  const [year = 2024, month = 1, day = 1] = date.split('-').map(Number);
  const isoWeekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  const when = `${describeWeekday(isoWeekday, locale)} ${day} ${monthName(locale, month)}`;
  return locale === 'id' ? `${when} pukul ${time}` : `${when} at ${time}`;
}

/** 'MM-DD' -> '22 December' (a day of any year), 'YYYY-MM-DD' -> '22 December 2026'; 'Desember' in Indonesian. */
export function describeDay(text: string, locale: Locale = 'en'): string {
  const parts = text.split('-').map(Number);
  // A leap year stands in for a day of any year, so that 29 February has a name.
  if (parts.length === 2) return `${parts[1] ?? 1} ${monthName(locale, parts[0] ?? 1)}`;
  return `${parts[2] ?? 1} ${monthName(locale, parts[1] ?? 1)} ${parts[0] ?? 2024}`;
}

/** 'Asia/Jakarta' -> 'Jakarta time' ('waktu Jakarta'), 'America/New_York' -> 'New York time': as a customer names it. */
export function describeShopZone(timeZone: string, locale: Locale = 'en'): string {
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone;
  return locale === 'id' ? `waktu ${city}` : `${city} time`;
}
