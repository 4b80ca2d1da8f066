import { afterEach, describe, expect, it } from 'vitest';
import { startLanguage } from './i18n';
import { paymentMethodLabel } from './payment-words';

describe('paymentMethodLabel', () => {
  afterEach(() => startLanguage('en', ['shop', 'account', 'staff', 'contract']));

  it('says cash on a Dine in or Pick up order is paid at the counter, and keeps the other labels', () => {
    expect(paymentMethodLabel('cash-on-delivery', 'dine-in')).toBe('Cash at the counter');
    expect(paymentMethodLabel('cash-on-delivery', 'pick-up')).toBe('Cash at the counter');
    expect(paymentMethodLabel('cash-on-delivery', 'door-delivery')).toBe('Cash on Delivery');
    expect(paymentMethodLabel('bank-account', 'dine-in')).toBe('Bank Account');
  });

  it('says them in Indonesian when the screens are, keeping the brands', async () => {
    await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
    expect(paymentMethodLabel('cash-on-delivery', 'pick-up')).toBe('Tunai di kasir');
    expect(paymentMethodLabel('bank-account', 'dine-in')).toBe('Rekening Bank');
    expect(paymentMethodLabel('gopay', 'door-delivery')).toBe('GoPay');
  });
});
