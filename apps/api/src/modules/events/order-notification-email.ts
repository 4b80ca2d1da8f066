import { formatIdr, PAYMENT_METHOD_LABELS, type OrderEventKind } from '@coffee/contract';
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

/** The mail for one step of an order, in plain text and the same in HTML. */
export function buildOrderStepEmail(step: NotifiedStep, target: NotificationTarget, options: { publicUrl: string }): MailMessage {
  const orderUrl = `${options.publicUrl}/history/${target.orderId}`;
  const where = target.storeName ? `${target.storeName}${target.storeAddress ? `, ${target.storeAddress}` : ''}` : 'the shop';
  const { subject, lines } = {
    'payment-received': {
      subject: `Payment received for your order #${target.orderId}`,
      lines: [
        `We received ${formatIdr(target.totalIdr)} by ${PAYMENT_METHOD_LABELS[target.paymentMethod]} for your order #${target.orderId}: this mail is your receipt.`,
        `We start on it now at ${where}.`,
      ],
    },
    ready: {
      subject: `Your order #${target.orderId} is ready`,
      lines:
        target.deliveryMethod === 'dine-in'
          ? [`Your order #${target.orderId} is ready: we will bring it to your table at ${where}.`]
          : [`Your order #${target.orderId} is ready for pickup at ${where}.`, 'Show the order number at the counter.'],
    },
    'on-delivery': {
      subject: `Your order #${target.orderId} is on its way`,
      lines: [`Your order #${target.orderId} has left ${where} and is on its way to you.`],
    },
    'cancelled-by-shop': {
      subject: `Your order #${target.orderId} was cancelled`,
      lines: [
        `We are sorry: the shop had to cancel your order #${target.orderId}.`,
        'If you paid for it, the shop will pay it back; reply to this mail or call the shop with any question.',
      ],
    },
    'cancelled-unpaid': {
      subject: `Your order #${target.orderId} was cancelled: it was not paid`,
      lines: [
        `Your order #${target.orderId} was cancelled because its payment was not completed in time, or was declined.`,
        'Nothing was charged, and its time slot is free again. You are welcome to order again.',
      ],
    },
  }[step];
  const footer = 'You get these mails because order updates are on in your profile; you can turn them off there.';
  const text = [...lines, '', `Follow your order at ${orderUrl}`, '', footer].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(orderUrl)}">Follow your order</a></p>`,
    `<p><small>${escapeHtml(footer)}</small></p>`,
  ].join('\n');
  return { to: target.email, subject, text, html };
}
