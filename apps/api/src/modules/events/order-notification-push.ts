import { mailWords, type MailWords } from '../../lib/customer-email.js';
import type { NotificationTarget } from '../orders/orders.service.js';
import { stepHeadline, type NotifiedStep } from './order-notification-email.js';

/** A notification as the service worker shows it (apps/web/service-worker/sw.js); modules/push sends it. */
export interface OrderStepPush {
  title: string;
  body: string;
  /** The order page, opened by a tap on the notification. */
  url: string;
  /** One notification per order on the device: a later step replaces the earlier one. */
  tag: string;
}

/** A step's body, in the customer's language. */
function pushBody(step: NotifiedStep, target: NotificationTarget, w: MailWords): string {
  const store = target.storeName ?? w.t(/*i18n*/ 'the shop');
  switch (step) {
    case 'payment-received':
      return w.t(/*i18n*/ { id: 'We start on it now at {store}; your receipt is in your mail.', values: { store } });
    case 'ready':
      return target.deliveryMethod === 'dine-in'
        ? w.t(/*i18n*/ { id: 'We are bringing it to your table at {store}.', values: { store } })
        : w.t(/*i18n*/ { id: 'Pick it up at {store}: show the order number at the counter.', values: { store } });
    case 'on-delivery':
      return w.t(/*i18n*/ { id: 'It has left {store} and is on its way to you.', values: { store } });
    case 'cancelled-by-shop':
      return w.t(/*i18n*/ { id: 'We are sorry: {store} had to cancel it. If you paid, the shop will pay it back.', values: { store } });
    case 'cancelled-unpaid':
      return w.t(/*i18n*/ 'Its payment was not completed in time, or was declined. Nothing was charged; you are welcome to order again.');
  }
}

/**
 * The push for one step of an order: the same news as the mail, short enough for a phone's notification, in the
 * customer's language (`words`; absent: English).
 */
export function buildOrderStepPush(step: NotifiedStep, target: NotificationTarget, words?: MailWords): OrderStepPush {
  const w = words ?? mailWords(undefined);
  // The mail's subject as the title, but shorter for the payment: the push says "order", the receipt "your order".
  const title =
    step === 'payment-received' ? w.t(/*i18n*/ { id: 'Payment received for order #{number}', values: { number: String(target.orderId) } }) : stepHeadline(step, target.orderId, w);
  const body = pushBody(step, target, w);
  return { title, body, url: `/history/${target.orderId}`, tag: `order-${target.orderId}` };
}
