import type { OrderEventKind } from '@coffee/contract';
import { mailWords, type MailWords } from '../../lib/customer-email.js';
import type { Text } from '../../lib/i18n.js';
import { escapeHtml, type MailMessage } from '../../lib/mail.js';
import type { NotificationTarget } from '../orders/orders.service.js';

/** The steps a customer is told about by mail; the rest they see on the order page. */
export type NotifiedStep = 'ready' | 'on-delivery' | 'cancelled-by-shop' | 'cancelled-unpaid' | 'payment-received';

/** Which mail a step calls for, if any: a customer who cancelled knows it already. */
export function notifiedStep(step: { kind: OrderEventKind; by: 'customer' | 'staff' | null }): NotifiedStep | null {
  if (step.kind === 'ready' || step.kind === 'on-delivery') return step.kind;
  // Paid with no one's hand: the payment gateway confirmed it (staff marking cash paid is no news to the customer).
  if (step.kind === 'paid' && step.by === null) return 'payment-received';
  if (step.kind === 'cancelled' && step.by === 'staff') return 'cancelled-by-shop';
  // Cancelled by no one: the payment gateway said the payment expired, was declined or cancelled (decision 023).
  if (step.kind === 'cancelled' && step.by === null) return 'cancelled-unpaid';
  return null;
}

/** A step's headline in the customer's language: the mail's subject, and the push's title (but for the payment's). */
export function stepHeadline(step: NotifiedStep, orderId: number, w: MailWords): string {
  const values = { number: String(orderId) };
  const headlines: Record<NotifiedStep, Text> = {
    'payment-received': /*i18n*/ { id: 'Payment received for your order #{number}', values },
    ready: /*i18n*/ { id: 'Your order #{number} is ready', values },
    'on-delivery': /*i18n*/ { id: 'Your order #{number} is on its way', values },
    'cancelled-by-shop': /*i18n*/ { id: 'Your order #{number} was cancelled', values },
    'cancelled-unpaid': /*i18n*/ { id: 'Your order #{number} was cancelled: it was not paid', values },
  };
  return w.t(headlines[step]);
}

/** A step's sentences, in the customer's language. */
function stepLines(step: NotifiedStep, target: NotificationTarget, w: MailWords): string[] {
  const number = String(target.orderId);
  const where = target.storeName ? `${target.storeName}${target.storeAddress ? `, ${target.storeAddress}` : ''}` : w.t(/*i18n*/ 'the shop');
  switch (step) {
    case 'payment-received':
      return [
        w.t(/*i18n*/ {
          id: 'We received {amount} by {method} for your order #{number}: this mail is your receipt.',
          values: { amount: w.money(target.totalIdr), method: w.paymentMethod(target.paymentMethod), number },
        }),
        w.t(/*i18n*/ { id: 'We start on it now at {where}.', values: { where } }),
      ];
    case 'ready':
      return target.deliveryMethod === 'dine-in'
        ? [w.t(/*i18n*/ { id: 'Your order #{number} is ready: we will bring it to your table at {where}.', values: { number, where } })]
        : [
            w.t(/*i18n*/ { id: 'Your order #{number} is ready for pickup at {where}.', values: { number, where } }),
            w.t(/*i18n*/ 'Show the order number at the counter.'),
          ];
    case 'on-delivery':
      return [w.t(/*i18n*/ { id: 'Your order #{number} has left {where} and is on its way to you.', values: { number, where } })];
    case 'cancelled-by-shop':
      return [
        w.t(/*i18n*/ { id: 'We are sorry: the shop had to cancel your order #{number}.', values: { number } }),
        w.t(/*i18n*/ 'If you paid for it, the shop will pay it back; reply to this mail or call the shop with any question.'),
      ];
    case 'cancelled-unpaid':
      return [
        w.t(/*i18n*/ { id: 'Your order #{number} was cancelled because its payment was not completed in time, or was declined.', values: { number } }),
        w.t(/*i18n*/ 'Nothing was charged, and its time slot is free again. You are welcome to order again.'),
      ];
  }
}

/** The mail for one step of an order, in plain text and the same in HTML, in the customer's language (`words`; absent: English). */
export function buildOrderStepEmail(
  step: NotifiedStep,
  target: NotificationTarget,
  options: { publicUrl: string; words?: MailWords | undefined },
): MailMessage {
  const w = options.words ?? mailWords(undefined);
  const orderUrl = `${options.publicUrl}/history/${target.orderId}`;
  const subject = stepHeadline(step, target.orderId, w);
  const lines = stepLines(step, target, w);
  const footer = w.t(/*i18n*/ 'You get these mails because order updates are on in your profile; you can turn them off there.');
  const text = [...lines, '', w.t(/*i18n*/ { id: 'Follow your order at {url}', values: { url: orderUrl } }), '', footer].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(orderUrl)}">${escapeHtml(w.t(/*i18n*/ 'Follow your order'))}</a></p>`,
    `<p><small>${escapeHtml(footer)}</small></p>`,
  ].join('\n');
  return { to: target.email, subject, text, html };
}
