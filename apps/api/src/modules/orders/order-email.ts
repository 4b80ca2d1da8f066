import type { Order } from '@coffee/contract';
import { mailWords, type MailWords } from '../../lib/customer-email.js';
import { escapeHtml, type MailMessage } from '../../lib/mail.js';

/**
 * The confirmation sent to the customer once an order is placed (plain text and the same in HTML), in the customer's
 * language (`words`; absent: English).
 */
export function buildOrderConfirmation(
  order: Order,
  to: string,
  options: { publicUrl: string; timeZone: string; words?: MailWords | undefined },
): MailMessage {
  const w = options.words ?? mailWords(undefined);
  const number = String(order.id);
  const when = order.isAsap ? w.t(/*i18n*/ 'as soon as possible') : w.shopTime(order.scheduledFor, options.timeZone);
  const rows: [string, string][] = [
    ...order.lines.flatMap((l): [string, string][] => [
      [`${l.quantity} x ${l.name}${l.sizeLabel ? ` (${l.sizeLabel})` : ''}`, w.money(l.lineTotalIdr)],
      // The choices under their line, each with what it added to one item, so the total can be checked.
      ...l.options.map((o): [string, string] => [`    ${o.name}`, o.priceDeltaIdr > 0 ? `+${w.money(o.priceDeltaIdr)}` : '']),
      ...(l.baristaNote ? [[`    ${w.t(/*i18n*/ { id: 'Note: {note}', values: { note: l.baristaNote } })}`, ''] as [string, string]] : []),
    ]),
    [w.t(/*i18n*/ 'Subtotal'), w.money(order.summary.subtotalIdr)],
    ...(order.summary.discountIdr > 0
      ? [[couponRow(w, order.summary.discountLabel), `-${w.money(order.summary.discountIdr)}`] as [string, string]]
      : []),
    [w.t(/*i18n*/ 'Tax & fees'), w.money(order.summary.taxAndFeesIdr)],
    [w.t(/*i18n*/ 'Shipping'), w.money(order.summary.shippingIdr)],
    [w.t(/*i18n*/ 'Total'), w.money(order.summary.totalIdr)],
  ];
  const details = [
    w.t(/*i18n*/ { id: '{method}, {when} (shop time, {timeZone})', values: { method: w.deliveryMethod(order.deliveryMethod), when, timeZone: options.timeZone } }),
    // Which of the shop's stores makes it, and where that is (a customer of several stores must not go to the wrong one).
    ...(order.store ? [storeLine(w, order.deliveryMethod === 'door-delivery', order.store)] : []),
    ...(order.address ? [w.t(/*i18n*/ { id: 'Deliver to: {address}', values: { address: order.address } })] : []),
    w.t(/*i18n*/ { id: 'Payment: {method}', values: { method: w.paymentMethod(order.paymentMethod) } }),
    ...(order.paymentInstructions ? [order.paymentInstructions] : []),
  ];
  // The order's own page, where its status, payment instructions and receipt stay available.
  const orderUrl = `${options.publicUrl}/history/${order.id}`;

  const text = [
    w.t(/*i18n*/ { id: 'Thank you for your order #{number}.', values: { number } }),
    '',
    ...rows.map(([label, amount]) => (amount ? `${label}: ${amount}` : label)),
    '',
    ...details,
    '',
    w.t(/*i18n*/ { id: 'Follow your order, see how to pay and print your receipt at {url}', values: { url: orderUrl } }),
  ].join('\n');

  // The number in bold: the same sentence, split where the number goes, so each language keeps its own word order.
  const [before = '', after = ''] = w.t(/*i18n*/ { id: 'Thank you for your order #{number}.', values: { number: '\u0000' } }).split('#\u0000');
  const html = [
    `<p>${escapeHtml(before)}<strong>#${order.id}</strong>${escapeHtml(after)}</p>`,
    '<table cellpadding="4">',
    ...rows.map(([label, amount]) => `<tr><td>${escapeHtml(label)}</td><td align="right">${escapeHtml(amount)}</td></tr>`),
    '</table>',
    ...details.map((d) => `<p>${escapeHtml(d)}</p>`),
    `<p><a href="${escapeHtml(orderUrl)}">${escapeHtml(w.t(/*i18n*/ 'Follow your order, see how to pay and print your receipt'))}</a></p>`,
  ].join('\n');

  return { to, subject: w.t(/*i18n*/ { id: 'Your Coffee Shop order #{number}', values: { number } }), text, html };
}

function couponRow(w: MailWords, label: string | null): string {
  return w.t(/*i18n*/ { id: 'Coupon: {label}', values: { label: label ?? w.t(/*i18n*/ 'discount') } });
}

function storeLine(w: MailWords, delivered: boolean, store: { name: string; address: string }): string {
  const values = { store: store.name, address: store.address };
  return delivered ? w.t(/*i18n*/ { id: 'From {store}, {address}', values }) : w.t(/*i18n*/ { id: 'At {store}, {address}', values });
}
