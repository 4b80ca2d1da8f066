import { describe, expect, it } from 'vitest';
import { toScheduledFor } from './scheduled-time';

// 2025-01-06 is a Monday; the browser's clock reads 10:30.
const now = new Date(2025, 0, 6, 10, 30);

describe('toScheduledFor', () => {
  it('is null (as soon as possible) without a time', () => {
    expect(toScheduledFor('', now, '2025-01-07T14:00')).toBeNull();
  });

  it('takes today for a time still ahead and tomorrow for one that has passed', () => {
    expect(toScheduledFor('14:00', now, null)).toBe('2025-01-06T14:00');
    expect(toScheduledFor('09:00', now, null)).toBe('2025-01-07T09:00');
  });

  it('keeps the day the cart already has for the same time', () => {
    expect(toScheduledFor('14:00', now, '2025-01-09T14:00')).toBe('2025-01-09T14:00');
    expect(toScheduledFor('15:00', now, '2025-01-09T14:00')).toBe('2025-01-06T15:00');
  });

  it('does not keep a day that has passed', () => {
    expect(toScheduledFor('14:00', now, '2025-01-03T14:00')).toBe('2025-01-06T14:00');
    expect(toScheduledFor('09:00', now, '2025-01-06T09:00')).toBe('2025-01-07T09:00');
  });

  it("counts on the shop's clock when the shop's time zone is known", () => {
    // 2025-01-06 23:30 UTC is already Tuesday 06:30 in Jakarta, and still Monday 15:30 in Los Angeles.
    const late = new Date(Date.UTC(2025, 0, 6, 23, 30));
    expect(toScheduledFor('09:00', late, null, 'Asia/Jakarta')).toBe('2025-01-07T09:00');
    expect(toScheduledFor('06:00', late, null, 'Asia/Jakarta')).toBe('2025-01-08T06:00');
    expect(toScheduledFor('16:00', late, null, 'America/Los_Angeles')).toBe('2025-01-06T16:00');
  });
});
