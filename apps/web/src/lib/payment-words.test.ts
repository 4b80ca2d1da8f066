import { describe, expect, it } from 'vitest';
import { paymentMethodLabel } from './payment-words';

describe('paymentMethodLabel', () => {
  it('says cash on a Dine in or Pick up order is paid at the counter, and keeps the other labels', () => {
    expect(paymentMethodLabel('cash-on-delivery', 'dine-in')).toBe('Cash at the counter');
    expect(paymentMethodLabel('cash-on-delivery', 'pick-up')).toBe('Cash at the counter');
    expect(paymentMethodLabel('cash-on-delivery', 'door-delivery')).toBe('Cash on Delivery');
    expect(paymentMethodLabel('bank-account', 'dine-in')).toBe('Bank Account');
  });
});
