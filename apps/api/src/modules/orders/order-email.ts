import {
  DELIVERY_METHOD_LABELS,
  PAYMENT_METHOD_LABELS,
  formatIdr,
  type Order,
} from '@coffee/contract';
import { escapeHtml, type MailMessage } from '../../lib/mail.js';

/** The confirmation sent to the customer once an order is placed (plain text and the same in HTML). */
export function buildOrderConfirmation(order: Order, to: string, options: { publicUrl: string; timeZone: string }): MailMessage {
  const when = order.isAsap ? 'as soon as possible' : order.scheduledFor.replace('T', ' at ');
  const rows: [string, string][] = [
    ...order.lines.flatMap((l): [string, string][] => [
      [`${l.quantity} x ${l.name}${l.sizeLabel ? ` (${l.sizeLabel})` : ''}`, formatIdr(l.lineTotalIdr)],
      // The choices under their line, each with what it added to one item, so the total can be checked.
      ...l.options.map((o): [string, string] => [`    ${o.name}`, o.priceDeltaIdr > 0 ? `+${formatIdr(o.priceDeltaIdr)}` : '']),
      ...(l.baristaNote ? [[`    Note: ${l.baristaNote}`, ''] as [string, string]] : []),
    ]),
    ['Subtotal', formatIdr(order.summary.subtotalIdr)],
    ...(order.summary.discountIdr > 0
      ? [[`Coupon: ${order.summary.discountLabel ?? 'discount'}`, `-${formatIdr(order.summary.discountIdr)}`] as [string, string]]
      : []),
    ['Tax & fees', formatIdr(order.summary.taxAndFeesIdr)],
    ['Shipping', formatIdr(order.summary.shippingIdr)],
    ['Total', formatIdr(order.summary.totalIdr)],
  ];
  const details = [
    `${DELIVERY_METHOD_LABELS[order.deliveryMethod]}, ${when} (shop time, ${options.timeZone})`,
    // Which of the shop's stores makes it, and where that is (a customer of several stores must not go to the wrong one).
    ...(order.store ? [`${order.deliveryMethod === 'door-delivery' ? 'From' : 'At'} ${order.store.name}, ${order.store.address}`] : []),
    ...(order.address ? [`Deliver to: ${order.address}`] : []),
    `Payment: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`,
    ...(order.paymentInstructions ? [order.paymentInstructions] : []),
  ];
  // The order's own page, where its status, payment instructions and receipt stay available.
  const orderUrl = `${options.publicUrl}/history/${order.id}`;

  const text = [
    `Thank you for your order #${order.id}.`,
    '',
    ...rows.map(([label, amount]) => (amount ? `${label}: ${amount}` : label)),
    '',
    ...details,
    '',
    `Follow your order, see how to pay and print your receipt at ${orderUrl}`,
  ].join('\n');

  const html = [
    `<p>Thank you for your order <strong>#${order.id}</strong>.</p>`,
    '<table cellpadding="4">',
    ...rows.map(([label, amount]) => `<tr><td>${escapeHtml(label)}</td><td align="right">${escapeHtml(amount)}</td></tr>`),
    '</table>',
    ...details.map((d) => `<p>${escapeHtml(d)}</p>`),
    `<p><a href="${escapeHtml(orderUrl)}">Follow your order, see how to pay and print your receipt</a></p>`,
  ].join('\n');

  return { to, subject: `Your Coffee Shop order #${order.id}`, text, html };
}
