import { describe, expect, it } from 'vitest';
import { formatDateOfBirth, parseDateOfBirth } from './date-of-birth';

const today = new Date(2025, 5, 1); // 1 June 2025, local time

describe('date of birth as DD/MM/YY on the profile', () => {
  it('shows an ISO date as DD/MM/YY', () => {
    expect(formatDateOfBirth('1998-02-14')).toBe('14/02/98');
    expect(formatDateOfBirth('2005-11-03')).toBe('03/11/05');
    expect(formatDateOfBirth('1900-01-01')).toBe('01/01/00');
  });

  it('shows nothing for no date or a malformed one', () => {
    expect(formatDateOfBirth(null)).toBe('');
    expect(formatDateOfBirth('14/02/1998')).toBe('');
  });

  it('reads back what it shows, choosing the century that is not in the future', () => {
    expect(parseDateOfBirth('14/02/98', today)).toEqual({ ok: true, iso: '1998-02-14' });
    expect(parseDateOfBirth('03/11/05', today)).toEqual({ ok: true, iso: '2005-11-03' });
    expect(parseDateOfBirth('01/06/25', today)).toEqual({ ok: true, iso: '2025-06-01' });
    expect(parseDateOfBirth('02/06/25', today)).toEqual({ ok: true, iso: '1925-06-02' });
    for (const iso of ['1998-02-14', '2005-11-03', '1961-07-30']) {
      expect(parseDateOfBirth(formatDateOfBirth(iso), today)).toEqual({ ok: true, iso });
    }
  });

  it('accepts four-digit years, single digits and other separators', () => {
    expect(parseDateOfBirth('4/2/1998', today)).toEqual({ ok: true, iso: '1998-02-04' });
    expect(parseDateOfBirth('14-02-1920', today)).toEqual({ ok: true, iso: '1920-02-14' });
    expect(parseDateOfBirth(' 14.02.98 ', today)).toEqual({ ok: true, iso: '1998-02-14' });
  });

  it('clears the date when the field is emptied', () => {
    expect(parseDateOfBirth('  ', today)).toEqual({ ok: true, iso: null });
  });

  it('refuses text, impossible days and future dates with a message', () => {
    expect(parseDateOfBirth('Feb 14', today)).toEqual({ ok: false, message: 'Write the date as DD/MM/YY, for example 14/02/98' });
    expect(parseDateOfBirth('31/02/98', today)).toMatchObject({ ok: false, message: '31/02 is not a date in the calendar' });
    expect(parseDateOfBirth('29/02/2001', today)).toMatchObject({ ok: false });
    expect(parseDateOfBirth('29/02/2000', today)).toEqual({ ok: true, iso: '2000-02-29' });
    expect(parseDateOfBirth('02/06/2025', today)).toMatchObject({ ok: false, message: 'A date of birth cannot be in the future' });
    expect(parseDateOfBirth('01/01/1899', today)).toMatchObject({ ok: false, message: 'Use a date from 1900 on' });
  });
});
