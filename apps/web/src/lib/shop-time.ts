import { isValidTimeZone, toShopLocal } from '@coffee/contract';
import type { DeliveryMethod, ShopSettings } from '@coffee/contract';
import { INTL_LOCALE, utcDayText } from './clock-text';
import { currentLanguage, type Language } from './i18n';

/**
 * Requested times are the shop's wall-clock time, 'YYYY-MM-DDTHH:mm' without a zone (contract
 * ShopLocalDateTime). They are shown as written, never shifted into the browser's time zone.
 */
const pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const timeFormat = new Intl.DateTimeFormat(INTL_LOCALE.id, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/**
 * '2025-01-06T14:00' -> 'Mon 6 Jan, 14:00' (in Indonesian, as id-ID writes it: 'Sen, 6 Jan, 14.00'); anything else
 * is returned unchanged.
 */
export function formatShopTime(text: string, language: Language = currentLanguage()): string {
  const m = pattern.exec(text);
  if (!m) return text;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (language === 'id') return `${utcDayText(date, false, 'id')}, ${timeFormat.format(new Date(Date.UTC(year, month - 1, day, hour, minute)))}`;
  return `${utcDayText(date, false, 'en')}, ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a moment on this browser's calendar. */
export function calendarDate(moment: Date): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** 'HH:mm' of a moment on this browser's clock. */
export function clockTime(moment: Date): string {
  return `${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/**
 * 'YYYY-MM-DD' and 'HH:mm' of a moment on the shop's clock (its IANA zone, from GET /shop), which is the
 * clock the API judges requested times by. Without a zone (settings not loaded), this browser's clock,
 * which is the same for nearly every customer.
 */
export function shopClock(moment: Date, timeZone?: string): { date: string; time: string } {
  // A zone this browser does not know falls back to its own clock: the best guess, and the API judges anyway.
  if (timeZone !== undefined && isValidTimeZone(timeZone)) {
    const [date, time] = toShopLocal(moment, timeZone).text.split('T') as [string, string];
    return { date, time };
  }
  return { date: calendarDate(moment), time: clockTime(moment) };
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment (a timestamp such as an order's placedAt) written the shop's way: the screens' language's words (en-GB,
 * id-ID), 24-hour clock, on the shop's clock (its zone from GET /shop), so a customer abroad and the staff see the
 * same day and hour as the shop. This browser's clock until the settings arrive, or for a zone it does not know.
 */
export function formatShopMoment(
  moment: string | Date,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
  language: Language = currentLanguage(),
): string {
  const zone = timeZone !== undefined && isValidTimeZone(timeZone) ? timeZone : undefined;
  const key = `${language}|${zone ?? ''}|${JSON.stringify(options)}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], { hourCycle: 'h23', ...options, ...(zone ? { timeZone: zone } : {}) });
    momentFormats.set(key, format);
  }
  return format.format(typeof moment === 'string' ? new Date(moment) : moment);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The days a customer may pick, on the shop's calendar: from today to the day `maxDaysAhead` days from now
 * (the API refuses a time later than now + maxDaysAhead days). `lastDay` is undefined without settings.
 */
export function schedulableDays(
  now: Date,
  settings: { timeZone: string; maxDaysAhead: number } | undefined,
): { today: string; lastDay: string | undefined } {
  const today = shopClock(now, settings?.timeZone).date;
  if (!settings) return { today, lastDay: undefined };
  return { today, lastDay: shopClock(new Date(now.getTime() + settings.maxDaysAhead * DAY_MS), settings.timeZone).date };
}

/** The calendar day after 'YYYY-MM-DD'. */
export function nextCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return calendarDate(new Date(y, m - 1, d + 1));
}

type Windows = ShopSettings['deliveryWindows'];
const WINDOW_OF: Record<DeliveryMethod, keyof Windows> = { 'door-delivery': 'doorDelivery', 'dine-in': 'dineIn', 'pick-up': 'pickUp' };

/** ISO weekday (1 Monday ... 7 Sunday) of 'YYYY-MM-DD'. */
const isoWeekday = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
};

/** 'HH:mm' a quarter of an hour or more after `time`, on a quarter: a time the customer can still make. */
const nextQuarter = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const minute = Math.ceil((h * 60 + m + 15) / 15) * 15;
  return minute >= 24 * 60 ? null : `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
};

/** Whether `method` can be served right now ("as soon as possible"), on the shop's clock. */
export function isOpenNow(method: DeliveryMethod, now: Date, shop: Pick<ShopSettings, 'timeZone' | 'deliveryWindows'>): boolean {
  const window = shop.deliveryWindows[WINDOW_OF[method]];
  const { date, time } = shopClock(now, shop.timeZone);
  return window.days.includes(isoWeekday(date)) && time >= window.from && time <= window.to;
}

/**
 * The first time `method` can be served, from a quarter of an hour from now, within the days a customer may pick:
 * what the checkout proposes instead of greeting a customer with "closed now". Null when no day ahead has one.
 */
export function nextOpenTime(
  method: DeliveryMethod,
  now: Date,
  shop: Pick<ShopSettings, 'timeZone' | 'deliveryWindows' | 'maxDaysAhead'>,
): { day: string; time: string } | null {
  const window = shop.deliveryWindows[WINDOW_OF[method]];
  const clock = shopClock(now, shop.timeZone);
  let day = clock.date;
  // The last day counts up to this clock time only (now + maxDaysAhead days); its opening may be later than that.
  for (let ahead = 0; ahead <= shop.maxDaysAhead; ahead += 1, day = nextCalendarDate(day)) {
    if (!window.days.includes(isoWeekday(day))) continue;
    const soonest = ahead === 0 ? nextQuarter(clock.time) : window.from;
    if (soonest === null) continue;
    const time = soonest > window.from ? soonest : window.from;
    if (time > window.to) continue;
    if (ahead === shop.maxDaysAhead && time > clock.time) continue;
    return { day, time };
  }
  return null;
}
