import { describe, expect, it } from 'vitest';
import { calendarDate, formatShopMoment, formatShopTime, isOpenNow, nextOpenTime, schedulableDays, shopClock } from './shop-time';
import { createShopSettings } from '@coffee/contract/testing';

// 20:00 UTC on Monday 2025-01-06 is already 03:00 on Tuesday in Jakarta (UTC+7).
const now = new Date(Date.UTC(2025, 0, 6, 20, 0));

describe('shopClock', () => {
  it("reads the date and time on the shop's clock, whatever this browser's zone", () => {
    expect(shopClock(now, 'Asia/Jakarta')).toEqual({ date: '2025-01-07', time: '03:00' });
    expect(shopClock(now, 'America/Los_Angeles')).toEqual({ date: '2025-01-06', time: '12:00' });
  });

  it("falls back to this browser's clock without a zone, or with one it does not know", () => {
    expect(shopClock(now).date).toBe(calendarDate(now));
    expect(shopClock(now, 'Mars/Olympus_Mons').date).toBe(calendarDate(now));
  });
});

describe('schedulableDays', () => {
  it('runs from today to the day maxDaysAhead days from now, on the shop calendar', () => {
    expect(schedulableDays(now, { timeZone: 'Asia/Jakarta', maxDaysAhead: 7 })).toEqual({ today: '2025-01-07', lastDay: '2025-01-14' });
    expect(schedulableDays(now, { timeZone: 'Asia/Jakarta', maxDaysAhead: 2 })).toEqual({ today: '2025-01-07', lastDay: '2025-01-09' });
  });

  it('has no last day before the settings are known', () => {
    expect(schedulableDays(now, undefined)).toEqual({ today: calendarDate(now), lastDay: undefined });
  });
});

describe('nextOpenTime', () => {
  const shop = createShopSettings();
  // Friday 2025-01-10, 19:30 in Jakarta: Door Delivery has closed for the week; Dine in has closed for the day.
  const fridayEvening = new Date(Date.UTC(2025, 0, 10, 12, 30));

  it('proposes Monday afternoon for Door Delivery after Friday\'s last delivery', () => {
    expect(isOpenNow('door-delivery', fridayEvening, shop)).toBe(false);
    expect(nextOpenTime('door-delivery', fridayEvening, shop)).toEqual({ day: '2025-01-13', time: '13:00' });
  });

  it('proposes tomorrow\'s opening for Dine in after closing, and a quarter of an hour ahead while open', () => {
    expect(nextOpenTime('dine-in', fridayEvening, shop)).toEqual({ day: '2025-01-11', time: '09:00' });
    const fridayMorning = new Date(Date.UTC(2025, 0, 10, 3, 7)); // 10:07 in Jakarta
    expect(isOpenNow('pick-up', fridayMorning, shop)).toBe(true);
    expect(nextOpenTime('pick-up', fridayMorning, shop)).toEqual({ day: '2025-01-10', time: '10:30' });
  });
});

describe('formatShopMoment', () => {
  it("writes a moment on the shop's clock, not the browser's: late evening UTC is the next morning in Jakarta", () => {
    const placed = '2026-11-26T17:30:00.000Z';
    expect(formatShopMoment(placed, { day: 'numeric', month: 'short', year: 'numeric' }, 'Asia/Jakarta')).toBe('27 Nov 2026');
    expect(formatShopMoment(placed, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }, 'Asia/Jakarta')).toBe(
      'Fri 27 Nov, 00:30',
    );
    expect(formatShopMoment(placed, { hour: '2-digit', minute: '2-digit' }, 'Europe/London')).toBe('17:30');
  });
});

describe('in Indonesian', () => {
  it('names the days and months as id-ID writes them, on the 24-hour clock', () => {
    const placed = '2026-11-26T17:30:00.000Z';
    expect(formatShopMoment(placed, { day: 'numeric', month: 'short', year: 'numeric' }, 'Asia/Jakarta', 'id')).toBe('27 Nov 2026');
    expect(formatShopMoment(placed, { weekday: 'long', hour: '2-digit', minute: '2-digit' }, 'Asia/Jakarta', 'id')).toBe('Jumat 00.30');
    expect(formatShopTime('2025-01-06T14:00', 'id')).toBe('Sen, 6 Jan, 14.00');
    expect(formatShopTime('2025-01-06T14:00', 'en')).toBe('Mon 6 Jan, 14:00');
  });
});
