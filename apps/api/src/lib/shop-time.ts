/**
 * The shop's clock on the API side. The zone math is shared with the web app and lives in @coffee/contract;
 * this module adds how the API words a shop-local time in its messages.
 */
import { weekdayName, type ShopLocal } from '@coffee/contract';

export { isValidTimeZone, parseShopLocal, shopLocalToInstant, toShopLocal, type ShopLocal } from '@coffee/contract';

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });

/** 'Saturday 21 November at 10:00', for messages a customer reads (never the ISO text). */
export function describeShopLocal(local: ShopLocal): string {
  const [date = '', time = ''] = local.text.split('T');
  const [, month = 1, day = 1] = date.split('-').map(Number);
  return `${weekdayName(local.isoWeekday)} ${day} ${monthName.format(Date.UTC(2024, month - 1, 1))} at ${time}`;
}

/** 'Asia/Jakarta' -> 'Jakarta time', 'America/New_York' -> 'New York time': the zone as a customer names it. */
export function describeShopZone(timeZone: string): string {
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone;
  return `${city} time`;
}
