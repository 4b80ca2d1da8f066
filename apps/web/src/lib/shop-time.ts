/**
 * Requested times are the shop's wall-clock time, 'YYYY-MM-DDTHH:mm' without a zone (contract
 * ShopLocalDateTime). They are shown as written, never shifted into the browser's time zone.
 */
const pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '2025-01-06T14:00' -> 'Mon 6 Jan, 14:00'; anything else is returned unchanged. */
export function formatShopTime(text: string): string {
  const m = pattern.exec(text);
  if (!m) return text;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${dayFormat.format(date).replace(',', '')}, ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
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

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, so midnight is 00 and never 24.
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/**
 * 'YYYY-MM-DD' and 'HH:mm' of a moment on the shop's clock (its IANA zone, from GET /shop), which is the
 * clock the API judges requested times by. Without a zone (settings not loaded), this browser's clock,
 * which is the same for nearly every customer.
 */
export function shopClock(moment: Date, timeZone?: string): { date: string; time: string } {
  if (timeZone !== undefined) {
    try {
      const parts: Record<string, string> = {};
      for (const part of zoneFormat(timeZone).formatToParts(moment)) parts[part.type] = part.value;
      return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
    } catch {
      // A zone this browser does not know: its own clock is the best guess, and the API judges anyway.
    }
  }
  return { date: calendarDate(moment), time: clockTime(moment) };
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
