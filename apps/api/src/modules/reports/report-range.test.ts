import { toShopLocal } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { resolveRange, shopLocalOf } from './report-range.js';

describe('report ranges and the shop clock', () => {
  const now = new Date('2026-11-29T18:30:00Z'); // Monday 30 November, 01:30 in Jakarta

  it('turns a day, week, month and leap February into shop days and the instants they start and end at', () => {
    expect(resolveRange({ range: 'day' }, now, 'Asia/Jakarta')).toEqual({
      range: 'day', from: '2026-11-30', to: '2026-11-30', fromIso: '2026-11-29T17:00:00.000Z', toIso: '2026-11-30T17:00:00.000Z',
    });
    expect(resolveRange({ range: 'week', date: '2026-11-29' }, now, 'Asia/Jakarta')).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
    expect(resolveRange({ range: 'month', date: '2028-02-10' }, now, 'Asia/Jakarta')).toMatchObject({ from: '2028-02-01', to: '2028-02-29' });
    expect(resolveRange({ range: 'month', date: '2026-12-31' }, now, 'Asia/Jakarta')).toMatchObject({ from: '2026-12-01', to: '2026-12-31', toIso: '2026-12-31T17:00:00.000Z' });
  });

  it('reads instants on the shop clock as Intl does, on a day the clocks change too', () => {
    for (const zone of ['Asia/Jakarta', 'Asia/Jayapura', 'Europe/Berlin', 'America/New_York']) {
      const localOf = shopLocalOf(zone);
      // Every 37 minutes over the spring and autumn changes of 2026.
      for (const start of [Date.parse('2026-03-07T00:00:00Z'), Date.parse('2026-10-24T00:00:00Z')]) {
        for (let ms = start; ms < start + 4 * 86_400_000; ms += 37 * 60_000) {
          const want = toShopLocal(new Date(ms), zone);
          const got = localOf(ms);
          expect(got.text, `${zone} ${new Date(ms).toISOString()}`).toBe(want.text.replace('T', ' '));
          expect(got.isoWeekday).toBe(want.isoWeekday);
          expect(got.hour).toBe(Math.floor(want.minuteOfDay / 60));
        }
      }
    }
  });
});
