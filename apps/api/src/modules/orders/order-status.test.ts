import { ORDER_STATUSES, type DeliveryMethod, type OrderStatus, type PaymentStatus } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { englishOf } from '../../lib/i18n.js';
import {
  checkCustomerCancel,
  checkMarkPaid,
  checkStatusChange,
  nextStatuses,
  refundAfterCancel,
  paymentStatusAfter,
  statusAfterMarkPaid,
  type Check,
  type OrderState,
} from './order-status.js';

const order = (status: OrderStatus, deliveryMethod: DeliveryMethod = 'pick-up', paymentStatus: PaymentStatus = 'paid'): OrderState => ({
  id: 7,
  status,
  deliveryMethod,
  paymentStatus,
});

/** A check as an English-reading client gets it. */
const read = (check: Check) => (check.ok ? check : { ok: false, message: englishOf(check.message) });

describe('order status moves', () => {
  it('follows pickup and delivery paths to delivered', () => {
    expect(nextStatuses(order('paid'))).toEqual(['preparing', 'cancelled']);
    expect(nextStatuses(order('preparing', 'pick-up'))).toEqual(['ready', 'cancelled']);
    expect(nextStatuses(order('preparing', 'dine-in'))).toEqual(['ready', 'cancelled']);
    expect(nextStatuses(order('preparing', 'door-delivery'))).toEqual(['on-delivery', 'cancelled']);
    expect(nextStatuses(order('ready'))).toEqual(['delivered', 'cancelled']);
    expect(nextStatuses(order('on-delivery', 'door-delivery'))).toEqual(['delivered']);
  });

  it('never leaves delivered or cancelled, and never goes back', () => {
    for (const to of ORDER_STATUSES) {
      expect(checkStatusChange(order('delivered'), to).ok).toBe(false);
      expect(checkStatusChange(order('cancelled'), to).ok).toBe(false);
    }
    expect(read(checkStatusChange(order('delivered'), 'pending'))).toEqual({ ok: false, message: 'Order #7 is Picked up and cannot become Pending' });
    expect(read(checkStatusChange(order('delivered', 'dine-in'), 'cancelled'))).toEqual({ ok: false, message: 'Order #7 is Served and cannot become Cancelled' });
    expect(read(checkStatusChange(order('delivered', 'door-delivery'), 'cancelled'))).toEqual({
      ok: false,
      message: 'Order #7 is Delivered and cannot become Cancelled',
    });
    expect(checkStatusChange(order('ready'), 'preparing').ok).toBe(false);
    expect(checkStatusChange(order('on-delivery', 'door-delivery'), 'cancelled').ok).toBe(false);
  });

  it('does not prepare an order that is awaiting payment, but does prepare a cash order', () => {
    const unpaid = checkStatusChange(order('pending', 'pick-up', 'awaiting-payment'), 'preparing');
    expect(read(unpaid)).toEqual({ ok: false, message: 'Order #7 is awaiting payment: mark it paid before preparing it' });
    expect(nextStatuses(order('pending', 'pick-up', 'awaiting-payment'))).toEqual(['cancelled']);
    expect(checkStatusChange(order('pending', 'door-delivery', 'cash-on-delivery'), 'preparing').ok).toBe(true);
  });

  it('keeps ready for dine in and pick up, on-delivery for Door Delivery', () => {
    expect(checkStatusChange(order('preparing', 'door-delivery'), 'ready').ok).toBe(false);
    expect(checkStatusChange(order('preparing', 'pick-up'), 'on-delivery').ok).toBe(false);
  });

  it('reaches paid only by marking the payment', () => {
    expect(checkStatusChange(order('pending', 'pick-up', 'awaiting-payment'), 'paid').ok).toBe(false);
    const waiting = order('pending', 'pick-up', 'awaiting-payment');
    expect(checkMarkPaid(waiting).ok).toBe(true);
    expect(statusAfterMarkPaid(waiting)).toBe('paid');
    expect(statusAfterMarkPaid(order('preparing', 'pick-up', 'cash-on-delivery'))).toBe('preparing');
    expect(read(checkMarkPaid(order('preparing', 'pick-up', 'paid')))).toEqual({ ok: false, message: 'Order #7 is already paid' });
    expect(checkMarkPaid(order('cancelled', 'pick-up', 'awaiting-payment')).ok).toBe(false);
  });

  it('counts cash as paid when the order is handed over', () => {
    expect(paymentStatusAfter(order('on-delivery', 'door-delivery', 'cash-on-delivery'), 'delivered')).toBe('paid');
    expect(paymentStatusAfter(order('preparing', 'door-delivery', 'cash-on-delivery'), 'cancelled')).toBe('cash-on-delivery');
  });
});

describe('a customer cancelling', () => {
  it('may cancel only before the shop starts on the order', () => {
    expect(checkCustomerCancel(order('pending', 'pick-up', 'awaiting-payment')).ok).toBe(true);
    expect(checkCustomerCancel(order('paid')).ok).toBe(true);
    for (const status of ['preparing', 'ready', 'on-delivery', 'delivered', 'cancelled'] as const) {
      expect(checkCustomerCancel(order(status)).ok).toBe(false);
    }
  });

  it('owes a refund only when the order was paid', () => {
    expect(refundAfterCancel(order('paid'))).toBe('refund-due');
    expect(refundAfterCancel(order('pending', 'pick-up', 'awaiting-payment'))).toBeNull();
    expect(refundAfterCancel(order('preparing', 'pick-up', 'cash-on-delivery'))).toBeNull();
  });
});
