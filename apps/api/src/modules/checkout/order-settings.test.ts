import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

// The order settings of config.ts: their defaults, and a clear refusal of bad values.
describe('order settings from the environment', () => {
  it('default to 10 % tax, IDR 15.000 shipping, Jakarta time and 20 / 50 items', () => {
    expect(loadConfig({}).orders).toEqual({
      taxRateBasisPoints: 1000,
      taxLabel: 'PB1',
      shippingFeeIdr: 15_000,
      shopTimeZone: 'Asia/Jakarta',
      bankAccount: 'BCA 123-456-7890 a.n. Coffee Shop',
      maxLineQuantity: 20,
      maxOrderItems: 50,
      maxDaysAhead: 7,
    });
  });

  it('read every variable', () => {
    const orders = loadConfig({
      TAX_RATE: '0.11',
      TAX_LABEL: 'PPN',
      SHIPPING_FEE: '0',
      SHOP_TIMEZONE: 'Asia/Makassar',
      BANK_ACCOUNT: 'Mandiri 987 a.n. Kopi',
      ORDER_MAX_LINE_QUANTITY: '5',
      ORDER_MAX_ITEMS: '10',
      ORDER_MAX_DAYS_AHEAD: '3',
    }).orders;
    expect(orders).toEqual({
      taxRateBasisPoints: 1100,
      taxLabel: 'PPN',
      shippingFeeIdr: 0,
      shopTimeZone: 'Asia/Makassar',
      bankAccount: 'Mandiri 987 a.n. Kopi',
      maxLineQuantity: 5,
      maxOrderItems: 10,
      maxDaysAhead: 3,
    });
  });

  it.each([
    ['TAX_RATE', '10', 'a fraction of the subtotal from 0 to 1'],
    ['TAX_RATE', '0.12345', 'at most four decimals'],
    ['TAX_LABEL', 'x'.repeat(41), 'a name of 1 to 40 characters'],
    ['SHIPPING_FEE', '1500.5', 'a whole number of rupiah'],
    ['SHOP_TIMEZONE', 'Asia/Jakartaa', 'an IANA time zone'],
    ['BANK_ACCOUNT', '', 'the account customers transfer to'],
    ['ORDER_MAX_LINE_QUANTITY', '0', 'a whole number from 1 to 1000'],
    ['ORDER_MAX_ITEMS', 'many', 'a whole number from 1 to 10000'],
    ['ORDER_MAX_DAYS_AHEAD', '365', 'a whole number of days from 1 to 90'],
  ])('refuse %s=%s, naming it', (name, value, expected) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(`Invalid ${name}=${JSON.stringify(value)}: expected`);
    expect(() => loadConfig({ [name]: value })).toThrow(expected);
  });
});
