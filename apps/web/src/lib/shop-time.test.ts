import { describe, expect, it } from 'vitest';
import { calendarDate, schedulableDays, shopClock } from './shop-time';

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
