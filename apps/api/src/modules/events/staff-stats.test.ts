import type { StaffDayStatsResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { useOrderScene } from '../../test/order-scene.js';

const scene = useOrderScene();

const placedOrder = async (quantity: number, scheduledFor: string | null) => (await scene.placeOrder({ quantity, scheduledFor })).order;

const stats = (query: string) => scene.ctx.app.inject({ method: 'GET', url: `/api/v1/staff/stats${query}`, headers: scene.staff.headers });

describe('GET /staff/stats', () => {
  it('counts the day\'s orders and sales, the busiest hours and each store, leaving cancelled orders apart', async () => {
    const a = await placedOrder(1, '2026-11-23T15:00');
    const b = await placedOrder(2, '2026-11-23T15:30');
    const c = await placedOrder(1, '2026-11-23T16:00');
    const cancelled = await placedOrder(3, '2026-11-23T16:30');
    const otherDay = await placedOrder(1, '2026-11-24T10:00');
    expect(otherDay.scheduledFor.slice(0, 10)).toBe('2026-11-24');
    const cancel = await scene.staffMove(cancelled.id, 'cancelled');
    expect(cancel.statusCode).toBe(200);

    const res = await stats('?date=2026-11-23');
    expect(res.statusCode).toBe(200);
    const day = res.json<StaffDayStatsResponse>().data;
    const total = a.summary.totalIdr + b.summary.totalIdr + c.summary.totalIdr;
    expect(day).toMatchObject({ date: '2026-11-23', orders: 3, cancelled: 1, salesIdr: total });
    expect(day.slots).toEqual([
      { time: '15:00', orders: 2 },
      { time: '16:00', orders: 1 },
    ]);
    expect(day.busiestSlots[0]).toEqual({ time: '15:00', orders: 2 });
    expect(day.stores.reduce((n, s) => n + s.orders, 0)).toBe(3);
    expect(day.stores.reduce((n, s) => n + s.salesIdr, 0)).toBe(total);

    // Without a date: today on the shop's clock (the test clock's Monday).
    const today = (await stats('')).json<StaffDayStatsResponse>().data;
    expect(today.date).toBe('2026-11-23');
    expect(today.orders).toBe(3);
  });

  it('answers an empty day with zeros, refuses a date that is no date, and is for staff only', async () => {
    const empty = (await stats('?date=2026-01-01')).json<StaffDayStatsResponse>().data;
    expect(empty).toEqual({ date: '2026-01-01', orders: 0, cancelled: 0, salesIdr: 0, slots: [], busiestSlots: [], stores: [] });

    const bad = await stats('?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'date' });

    const customer = await signUpAndSignIn(scene.ctx);
    const asCustomer = await scene.ctx.app.inject({ method: 'GET', url: '/api/v1/staff/stats', headers: customer.headers });
    expect(asCustomer.statusCode).toBe(403);
  });
});
