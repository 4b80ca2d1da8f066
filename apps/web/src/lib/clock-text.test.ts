import { describe, expect, it } from 'vitest';
import { dayName, dayOfYearText, dayText, parseCalendarDay, parseClockTime, parseDayOfYear, utcDayText } from './clock-text';

describe('times typed as text', () => {
  it('reads the 24-hour clock in the ways people type it, and a 12-hour time with am/pm', () => {
    expect(['19:30', '1930', '19.30', '19h30', '9', '09', '930', '7:30 pm', '7.30PM', '12 am', '12:15 p.m.'].map(parseClockTime)).toEqual([
      '19:30', '19:30', '19:30', '19:30', '09:00', '09:00', '09:30', '19:30', '19:30', '00:00', '12:15',
    ]);
    expect(parseClockTime('  ')).toBe('');
  });

  it('refuses what is no time of day', () => {
    expect(['24:00', '19:60', '13 pm', '0 am', 'noon', '19:3', '11/26'].map(parseClockTime)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('days typed as text, day first', () => {
  it("reads DD/MM/YYYY (and '-', '.', two-digit years, the API's YYYY-MM-DD)", () => {
    expect(['26/11/2026', '26-11-2026', '6.1.26', '2026-11-26'].map(parseCalendarDay)).toEqual(['2026-11-26', '2026-11-26', '2026-01-06', '2026-11-26']);
    expect(parseCalendarDay('')).toBe('');
  });

  it('refuses the US month-first order when it is no day, and days that do not exist', () => {
    expect(['11/26/2026', '31/04/2026', '29/02/2026', 'tomorrow'].map(parseCalendarDay)).toEqual([null, null, null, null]);
  });

  it('shows days day first, whatever the browser speaks', () => {
    expect(dayText('2026-11-26')).toBe('26/11/2026');
    expect(dayName('2026-11-26')).toBe('Thu 26 Nov');
    expect(dayName('2026-11-26', true)).toBe('Thu 26 Nov 2026');
  });

  it("turns a day of the year typed day first into the API's MM-DD and back", () => {
    expect(['22/12', '29-02', '1/5'].map(parseDayOfYear)).toEqual(['12-22', '02-29', '05-01']);
    expect(['12/22', '31/06', '12-22-1'].map(parseDayOfYear)).toEqual([null, null, null]);
    expect(dayOfYearText('12-22')).toBe('22/12');
  });
});

describe('utcDayText', () => {
  it('names a day as a British reader writes it, with and without the year, whatever the time of day', () => {
    expect(utcDayText(new Date(Date.UTC(2026, 10, 26, 23, 59)))).toBe('Thu 26 Nov');
    expect(utcDayText(new Date(Date.UTC(2026, 8, 24)), true)).toBe('Thu 24 Sept 2026');
    expect(utcDayText(new Date(Date.UTC(2028, 1, 29)), true)).toBe('Tue 29 Feb 2028');
  });
});

describe('days in Indonesian', () => {
  it('names a day as id-ID writes it', () => {
    expect(dayName('2026-11-26', false, 'id')).toBe('Kam, 26 Nov');
    expect(utcDayText(new Date(Date.UTC(2026, 7, 17)), true, 'id')).toBe('Sen, 17 Agu 2026');
  });
});
