import type { CancelOrderConflict, OrderResponse, StaffOrderListResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../test/auth.js';
import { useOrderScene } from '../../test/order-scene.js';

const scene = useOrderScene();
const { staffMove, staffView } = scene;

const placedOrder = (paymentMethod: 'cash-on-delivery' | 'bank-account' = 'bank-account') => scene.placeOrder({ paymentMethod });

const cancel = (customer: SignedInUser, orderId: number) =>
  scene.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/cancel`, headers: customer.headers });
const staffPost = (url: string) => scene.ctx.app.inject({ method: 'POST', url: `/api/v1/staff/orders${url}`, headers: scene.staff.headers });

describe('a customer cancelling their order', () => {
  it('cancels a pending order, which staff then see cancelled with nothing to refund', async () => {
    const { customer, order } = await placedOrder();
    expect(order.cancellable).toBe(true);

    const res = await cancel(customer, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderResponse>().data).toMatchObject({ status: 'cancelled', cancellable: false, refundStatus: null });
    expect(res.json<OrderResponse>().data.history.map((e) => [e.kind, e.by])).toEqual([
      ['placed', 'customer'],
      ['cancelled', 'customer'],
    ]);

    const seen = await staffView(order.id);
    expect(seen).toMatchObject({ status: 'cancelled', nextStatuses: [], refundStatus: null });
    const cancelledList = await scene.ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?status=cancelled&limit=100', headers: scene.staff.headers });
    expect(cancelledList.json<StaffOrderListResponse>().data.map((o) => o.id)).toContain(order.id);
  });

  it('cancels a paid order not yet being prepared and marks it for refund', async () => {
    const { customer, order } = await placedOrder();
    expect((await staffPost(`/${order.id}/mark-paid`)).statusCode).toBe(200);

    const res = await cancel(customer, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderResponse>().data).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refund-due' });
    expect(await staffView(order.id)).toMatchObject({ status: 'cancelled', refundStatus: 'refund-due' });
  });

  it('refuses once the shop is preparing the order, saying where it is', async () => {
    const { customer, order } = await placedOrder('cash-on-delivery');
    expect((await staffMove(order.id, 'preparing')).statusCode).toBe(200);
    const mine = await scene.ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    expect(mine.json<OrderResponse>().data.cancellable).toBe(false);

    const res = await cancel(customer, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<CancelOrderConflict>()).toEqual({
      message: `Order #${order.id} is Preparing already, so it can no longer be cancelled: chat with the shop if something is wrong`,
      field: 'status',
      currentStatus: 'preparing',
    });
    expect((await staffView(order.id)).status).toBe('preparing');
  });

  it('refuses a second cancel', async () => {
    const { customer, order } = await placedOrder();
    expect((await cancel(customer, order.id)).statusCode).toBe(200);
    const again = await cancel(customer, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<CancelOrderConflict>().message).toBe(`Order #${order.id} is already cancelled`);
  });

  it('asks a visitor to sign in', async () => {
    const { order } = await placedOrder();
    const res = await scene.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/cancel`, headers: { origin: 'http://localhost' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('a customer cancelling while staff start preparing', () => {
  it('lets exactly one of them win; the other gets a 409 and the order stays as the winner left it', async () => {
    // Several rounds: a lost race shows up in some interleavings only.
    for (let round = 0; round < 6; round += 1) {
      const { customer, order } = await placedOrder('cash-on-delivery');
      const [byCustomer, byStaff] = await Promise.all([cancel(customer, order.id), staffMove(order.id, 'preparing', 'pending')]);

      expect([byCustomer.statusCode, byStaff.statusCode].sort()).toEqual([200, 409]);
      const final = await staffView(order.id);
      if (byCustomer.statusCode === 200) {
        expect(final.status).toBe('cancelled');
        expect(byStaff.json<{ currentStatus: string }>().currentStatus).toBe('cancelled');
      } else {
        expect(final.status).toBe('preparing');
        expect(byCustomer.json<CancelOrderConflict>()).toMatchObject({ field: 'status', currentStatus: 'preparing' });
      }
      // One step in the history for the winner only.
      expect(final.history.filter((e) => e.kind === 'cancelled' || e.kind === 'preparing')).toHaveLength(1);
    }
  });

  it('still cancels when staff record the payment at the same moment, with the refund then due', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { customer, order } = await placedOrder();
      const [byCustomer, paid] = await Promise.all([cancel(customer, order.id), staffPost(`/${order.id}/mark-paid`)]);
      expect(byCustomer.statusCode).toBe(200);
      const final = await staffView(order.id);
      expect(final.status).toBe('cancelled');
      // Paid first: a refund is owed. Cancelled first: staff were told it was cancelled, and nothing was paid.
      if (paid.statusCode === 200) expect(final.refundStatus).toBe('refund-due');
      else expect(final).toMatchObject({ paymentStatus: 'awaiting-payment', refundStatus: null });
    }
  });
});
