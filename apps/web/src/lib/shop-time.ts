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

/** The calendar day after 'YYYY-MM-DD'. */
export function nextCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return calendarDate(new Date(y, m - 1, d + 1));
}
