import { nextCalendarDate, shopClock } from '../../lib/shop-time';
import { timeOf } from './scheduled-parts';

/**
 * The product page's 'Set time' is a clock time; the cart keeps a day and a time
 * ('YYYY-MM-DDTHH:mm'). The time the cart already has keeps its day while ahead; otherwise a time means its next
 * occurrence: today if it is still ahead, else tomorrow, on the shop's clock (`timeZone`, from GET /shop).
 * Whether the shop delivers then is the API's to say (delivery days and hours), shown on the checkout
 * where the day can be changed.
 */
export function toScheduledFor(time: string, now: Date, current: string | null, timeZone?: string): string | null {
  if (time === '') return null;
  const clock = shopClock(now, timeZone);
  const nowText = `${clock.date}T${clock.time}`;
  // Same-format texts compare in time order; a time the cart kept from yesterday is not kept.
  if (current !== null && timeOf(current) === time && current > nowText) return current;
  return `${time > clock.time ? clock.date : nextCalendarDate(clock.date)}T${time}`;
}
