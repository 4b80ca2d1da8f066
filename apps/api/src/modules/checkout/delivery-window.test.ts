import type { DeliveryMethod } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { englishOf } from '../../lib/i18n.js';
import { resolveRequestedTime as judge } from './delivery-window.js';

/** The judgement as an English-reading client gets it: its refusal in words. */
const resolveRequestedTime = (...args: Parameters<typeof judge>) => {
  const result = judge(...args);
  return result.ok ? result : { ...result, message: englishOf(result.message) };
};

const jakarta = { timeZone: 'Asia/Jakarta', maxDaysAhead: 7 };
// Monday 2026-11-23, 09:00 in Jakarta.
const mondayMorning = new Date('2026-11-23T02:00:00Z');

const scheduled = (method: DeliveryMethod, at: string, now = mondayMorning) => resolveRequestedTime(method, at, now, jakarta);
const asap = (method: DeliveryMethod, nowUtc: string, settings = jakarta) =>
  resolveRequestedTime(method, null, new Date(nowUtc), settings);

describe('Door Delivery: Monday to Friday, 13:00 to 19:00 shop time, both ends included', () => {
  it.each([
    ['2026-11-23T12:59', false],
    ['2026-11-23T13:00', true],
    ['2026-11-23T16:30', true],
    ['2026-11-23T19:00', true],
    ['2026-11-23T19:01', false],
    ['2026-11-27T18:59', true], // Friday
    ['2026-11-28T14:00', false], // Saturday
    ['2026-11-29T14:00', false], // Sunday
  ])('%s is %s', (at, inside) => {
    const result = scheduled('door-delivery', at);
    expect(result.ok).toBe(inside);
    if (!result.ok) {
      expect(result.field).toBe('scheduledFor');
      expect(result.message).toBe('We deliver Monday to Friday between 13:00 and 19:00 (Jakarta time). Please choose another time.');
    }
  });

  it('stores the chosen time with the instant it denotes', () => {
    expect(scheduled('door-delivery', '2026-11-23T13:00')).toEqual({
      ok: true,
      scheduledFor: '2026-11-23T13:00',
      scheduledAt: '2026-11-23T06:00:00.000Z',
      isAsap: false,
    });
  });

  it('judges "as soon as possible" on the shop clock, not the server clock', () => {
    // 06:30 UTC on Monday is 13:30 in Jakarta: inside.
    expect(asap('door-delivery', '2026-11-23T06:30:00Z')).toEqual({
      ok: true,
      scheduledFor: '2026-11-23T13:30',
      scheduledAt: '2026-11-23T06:30:00.000Z',
      isAsap: true,
    });
    // 23:30 UTC on Friday is 06:30 on Saturday in Jakarta: outside.
    const saturday = asap('door-delivery', '2026-11-27T23:30:00Z');
    expect(saturday.ok).toBe(false);
    expect(!saturday.ok && saturday.message).toContain('It is now Saturday 28 November at 06:30');
    // The same instants read on a UTC clock give the opposite answers.
    const utc = { timeZone: 'UTC', maxDaysAhead: 7 };
    expect(asap('door-delivery', '2026-11-23T06:30:00Z', utc).ok).toBe(false);
  });

  it('counts "as soon as possible" at minute precision: 19:00:59 is still 19:00', () => {
    expect(asap('door-delivery', '2026-11-23T05:59:59Z').ok).toBe(false); // 12:59:59
    expect(asap('door-delivery', '2026-11-23T06:00:00Z').ok).toBe(true); // 13:00
    expect(asap('door-delivery', '2026-11-23T12:00:59Z').ok).toBe(true); // 19:00:59
    expect(asap('door-delivery', '2026-11-23T12:01:00Z').ok).toBe(false); // 19:01
  });
});

describe('Dine in and Pick up: every day, 09:00 to 18:00 shop time', () => {
  it.each(['dine-in', 'pick-up'] as const)('%s', (method) => {
    expect(scheduled(method, '2026-11-24T08:59').ok).toBe(false);
    expect(scheduled(method, '2026-11-24T09:00').ok).toBe(true);
    expect(scheduled(method, '2026-11-24T18:00').ok).toBe(true);
    expect(scheduled(method, '2026-11-24T18:01').ok).toBe(false);
    expect(scheduled(method, '2026-11-28T10:00').ok).toBe(true); // Saturday
    const early = scheduled(method, '2026-11-24T07:00');
    expect(!early.ok && early.message).toMatch(/ is open every day between 09:00 and 18:00 \(Jakarta time\)\. Please choose another time\.$/);
    expect(asap(method, '2026-11-23T01:59:00Z').ok).toBe(false); // 08:59
    expect(asap(method, '2026-11-23T11:00:00Z').ok).toBe(true); // 18:00
  });
});

describe('a chosen time', () => {
  it('may be this minute but not earlier', () => {
    const now = new Date('2026-11-23T03:00:30Z'); // 10:00:30 in Jakarta
    expect(scheduled('dine-in', '2026-11-23T10:00', now).ok).toBe(true);
    const past = scheduled('dine-in', '2026-11-23T09:59', now);
    expect(past).toEqual({
      ok: false,
      field: 'scheduledFor',
      message: 'Monday 23 November at 09:59 has already passed (it is now Monday 23 November at 10:00, Jakarta time). Please choose a later time.',
    });
  });

  it('may be at most 7 days ahead', () => {
    expect(scheduled('dine-in', '2026-11-30T09:00').ok).toBe(true);
    const far = scheduled('dine-in', '2026-11-30T09:01');
    expect(!far.ok && far.message).toBe('We take orders at most 7 days ahead, until Monday 30 November at 09:00 (Jakarta time). Please choose an earlier time.');
  });

  it('must be a real date and time', () => {
    const wrong = scheduled('dine-in', '2026-02-30T10:00');
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.message).toBe('That date and time does not exist. Please choose another time.');
  });
});
