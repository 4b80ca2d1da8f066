import { describe, expect, it } from 'vitest';
import { isValidTimeZone, parseShopLocal, shopLocalToInstant, toShopLocal } from './shop-time.js';

describe('shop clock', () => {
  it('reads an instant on the shop clock of Jakarta (UTC+7), across the date line of the day', () => {
    expect(toShopLocal(new Date('2026-11-23T06:30:00Z'), 'Asia/Jakarta')).toEqual({
      text: '2026-11-23T13:30',
      isoWeekday: 1,
      minuteOfDay: 13 * 60 + 30,
    });
    // Friday 23:30 UTC is already Saturday morning in Jakarta.
    expect(toShopLocal(new Date('2026-11-27T23:30:00Z'), 'Asia/Jakarta')).toMatchObject({ text: '2026-11-28T06:30', isoWeekday: 6 });
    // Midnight is 00:00, never 24:00.
    expect(toShopLocal(new Date('2026-11-22T17:00:00Z'), 'Asia/Jakarta')).toMatchObject({ text: '2026-11-23T00:00', minuteOfDay: 0 });
  });

  it('turns a shop-local time into the instant it denotes', () => {
    const local = parseShopLocal('2026-11-23T13:00');
    expect(local && shopLocalToInstant(local, 'Asia/Jakarta').toISOString()).toBe('2026-11-23T06:00:00.000Z');
    const summer = parseShopLocal('2026-07-01T13:00');
    expect(summer && shopLocalToInstant(summer, 'Europe/Berlin').toISOString()).toBe('2026-07-01T11:00:00.000Z');
    const winter = parseShopLocal('2026-12-01T13:00');
    expect(winter && shopLocalToInstant(winter, 'Europe/Berlin').toISOString()).toBe('2026-12-01T12:00:00.000Z');
    // 02:30 does not exist on 2026-03-29 in Berlin (clocks jump 02:00 -> 03:00): it lands just after the gap.
    const gap = parseShopLocal('2026-03-29T02:30');
    expect(gap && toShopLocal(shopLocalToInstant(gap, 'Europe/Berlin'), 'Europe/Berlin').text).toBe('2026-03-29T03:30');
  });

  it('round-trips every quarter hour of a week in Jakarta', () => {
    for (let t = Date.parse('2026-11-22T17:00:00Z'); t < Date.parse('2026-11-29T17:00:00Z'); t += 15 * 60_000) {
      const local = toShopLocal(new Date(t), 'Asia/Jakarta');
      const parsed = parseShopLocal(local.text);
      expect(parsed).toEqual(local);
      expect(parsed && shopLocalToInstant(parsed, 'Asia/Jakarta').getTime()).toBe(t);
    }
  });

  it('parses only real dates and times', () => {
    expect(parseShopLocal('2026-11-23T13:00')).toMatchObject({ isoWeekday: 1 });
    expect(parseShopLocal('2026-02-30T10:00')).toBeNull();
    expect(parseShopLocal('2026-11-23T24:00')).toBeNull();
    expect(parseShopLocal('2026-11-23T12:60')).toBeNull();
    expect(parseShopLocal('2026-11-23 13:00')).toBeNull();
    expect(parseShopLocal('2026-11-23T13:00Z')).toBeNull();
    expect(parseShopLocal('2028-02-29T10:00')).toMatchObject({ isoWeekday: 2 });
  });

  it('knows a time zone from a typo', () => {
    expect(isValidTimeZone('Asia/Jakarta')).toBe(true);
    expect(isValidTimeZone('Asia/Jakartaa')).toBe(false);
  });
});
