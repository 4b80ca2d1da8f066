import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrderStepPush } from '../modules/events/order-notification-push.js';
import type { NotificationTarget } from '../modules/orders/orders.service.js';
import { mailWords } from './customer-email.js';
import { loadTranslator, type Translator } from './i18n.js';

let translator: Translator;
beforeAll(async () => {
  translator = await loadTranslator();
});

const target: NotificationTarget = {
  orderId: 42,
  userId: 7,
  email: 'sari@example.test',
  orderEmails: true,
  language: 'id',
  status: 'ready',
  deliveryMethod: 'pick-up',
  scheduledFor: '2026-11-23T15:00',
  storeName: 'Kemang',
  storeAddress: 'Jl. Kemang Raya 10',
  totalIdr: 1_250_500,
  paymentMethod: 'gopay',
};

describe("the words of a customer's mail", () => {
  it('writes money, times and method names as Indonesian does, and English as the app always has', () => {
    const id = mailWords(translator, 'id');
    expect(id.money(26_000)).toBe('Rp26.000');
    expect(id.money(-1_250_500)).toBe('-Rp1.250.500');
    expect(id.shopTime('2026-11-23T09:05', 'Asia/Jakarta')).toBe('Senin, 23 November 2026 pukul 09.05');
    expect(id.paymentMethod('bank-account')).toBe('Rekening Bank');
    expect(id.paymentMethod('qris')).toBe('QRIS');
    expect(id.deliveryMethod('door-delivery')).toBe('Antar ke Alamat');

    const en = mailWords(translator, 'en');
    expect(en.money(26_000)).toBe('IDR 26.000');
    expect(en.shopTime('2026-11-23T21:05', 'Asia/Jakarta')).toBe('2026-11-23 at 21:05');
    for (const method of PAYMENT_METHODS) expect(en.paymentMethod(method)).toBe(PAYMENT_METHOD_LABELS[method]);
    for (const method of DELIVERY_METHODS) expect(en.deliveryMethod(method)).toBe(DELIVERY_METHOD_LABELS[method]);
  });

  it("writes an order's push in the customer's language", () => {
    expect(buildOrderStepPush('ready', target, mailWords(translator, 'id'))).toEqual({
      title: 'Pesanan Anda #42 sudah siap',
      body: 'Silakan ambil di Kemang: tunjukkan nomor pesanan di kasir.',
      url: '/history/42',
      tag: 'order-42',
    });
    expect(buildOrderStepPush('payment-received', { ...target, storeName: null }, mailWords(translator, 'en'))).toMatchObject({
      title: 'Payment received for order #42',
      body: 'We start on it now at the shop; your receipt is in your mail.',
    });
  });
});
