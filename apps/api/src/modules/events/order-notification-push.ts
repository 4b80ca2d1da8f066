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

/** The push for one step of an order: the same news as the mail, short enough for a phone's notification. */
export function buildOrderStepPush(step: NotifiedStep, target: NotificationTarget): OrderStepPush {
  const store = target.storeName ?? 'the shop';
  const number = `#${target.orderId}`;
  const { title, body } = {
    'payment-received': {
      title: `Payment received for order ${number}`,
      body: `We start on it now at ${store}; your receipt is in your mail.`,
    },
    ready: {
      title: `Your order ${number} is ready`,
      body:
        target.deliveryMethod === 'dine-in'
          ? `We are bringing it to your table at ${store}.`
          : `Pick it up at ${store}: show the order number at the counter.`,
    },
    'on-delivery': {
      title: `Your order ${number} is on its way`,
      body: `It has left ${store} and is on its way to you.`,
    },
    'cancelled-by-shop': {
      title: `Your order ${number} was cancelled`,
      body: `We are sorry: ${store} had to cancel it. If you paid, the shop will pay it back.`,
    },
    'cancelled-unpaid': {
      title: `Your order ${number} was cancelled: it was not paid`,
      body: 'Its payment was not completed in time, or was declined. Nothing was charged; you are welcome to order again.',
    },
  }[step];
  return { title, body, url: `/history/${target.orderId}`, tag: `order-${target.orderId}` };
}
