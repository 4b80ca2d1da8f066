import { mailWords, type MailWords } from '../../lib/customer-email.js';
import type { NotificationTarget } from '../orders/orders.service.js';
import type { NotifiedStep } from './order-notification-email.js';

/** A notification as the service worker shows it (apps/web/service-worker/sw.js); modules/push sends it. */
export interface OrderStepPush {
  title: string;
  body: string;
  /** The order page, opened by a tap on the notification. */
  url: string;
  /** One notification per order on the device: a later step replaces the earlier one. */
  tag: string;
}

/** A step's title and body, in the customer's language. */
function pushWords(step: NotifiedStep, target: NotificationTarget, w: MailWords): { title: string; body: string } {
  const store = target.storeName ?? w.t(/*i18n*/ 'the shop');
  const number = String(target.orderId);
  switch (step) {
    case 'payment-received':
      return {
        title: w.t(/*i18n*/ { id: 'Payment received for order #{number}', values: { number } }),
        body: w.t(/*i18n*/ { id: 'We start on it now at {store}; your receipt is in your mail.', values: { store } }),
      };
    case 'ready':
      return {
        title: w.t(/*i18n*/ { id: 'Your order #{number} is ready', values: { number } }),
        body:
          target.deliveryMethod === 'dine-in'
            ? w.t(/*i18n*/ { id: 'We are bringing it to your table at {store}.', values: { store } })
            : w.t(/*i18n*/ { id: 'Pick it up at {store}: show the order number at the counter.', values: { store } }),
      };
    case 'on-delivery':
      return {
        title: w.t(/*i18n*/ { id: 'Your order #{number} is on its way', values: { number } }),
        body: w.t(/*i18n*/ { id: 'It has left {store} and is on its way to you.', values: { store } }),
      };
    case 'cancelled-by-shop':
      return {
        title: w.t(/*i18n*/ { id: 'Your order #{number} was cancelled', values: { number } }),
        body: w.t(/*i18n*/ { id: 'We are sorry: {store} had to cancel it. If you paid, the shop will pay it back.', values: { store } }),
      };
    case 'cancelled-unpaid':
      return {
        title: w.t(/*i18n*/ { id: 'Your order #{number} was cancelled: it was not paid', values: { number } }),
        body: w.t(/*i18n*/ 'Its payment was not completed in time, or was declined. Nothing was charged; you are welcome to order again.'),
      };
  }
}

/**
 * The push for one step of an order: the same news as the mail, short enough for a phone's notification, in the
 * customer's language (`words`; absent: English).
 */
export function buildOrderStepPush(step: NotifiedStep, target: NotificationTarget, words?: MailWords): OrderStepPush {
  const { title, body } = pushWords(step, target, words ?? mailWords(undefined));
  return { title, body, url: `/history/${target.orderId}`, tag: `order-${target.orderId}` };
}
