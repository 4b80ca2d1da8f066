import { describe, expect, it } from 'vitest';
import type { OrderStepRecord } from '../orders/orders.service.js';
import { createOrderFeed } from './order-feed.js';

const step = (eventId: number): OrderStepRecord => ({
  eventId,
  orderId: 1,
  userId: 1,
  kind: 'preparing',
  status: 'preparing',
  at: '2026-11-23T06:30:00.000Z',
  by: 'staff',
  hiddenByCustomer: false,
});

/** order_events as PostgreSQL shows it: ids are handed out at insert, rows appear when their transaction commits. */
function committedSteps(initial: number[]) {
  const rows = new Set(initial);
  return {
    commit: (id: number) => rows.add(id),
    repository: {
      lastStepId: () => Promise.resolve(Math.max(0, ...rows)),
      listStepsAfter: (after: number, { limit }: { limit: number }) =>
        Promise.resolve([...rows].filter((id) => id > after).sort((a, b) => a - b).slice(0, limit).map(step)),
      listStepsByIds: (ids: readonly number[]) => Promise.resolve(ids.filter((id) => rows.has(id)).map(step)),
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('the order feed', () => {
  it('delivers a step whose transaction committed after a later one was already read', async () => {
    const table = committedSteps([40]);
    const feed = createOrderFeed({ steps: table.repository, intervalMs: 10, log: { error: () => undefined } });
    const seen: number[] = [];
    const { after } = await feed.subscribe((s) => seen.push(s.eventId));
    expect(after).toBe(40);

    table.commit(42); // 41's transaction is still open
    await tick();
    table.commit(41);
    await tick();
    feed.close();
    expect(seen).toEqual([42, 41]);
  });

  it('gives up on an id that never commits (a rolled-back step), and keeps delivering the rest', async () => {
    const table = committedSteps([]);
    const feed = createOrderFeed({ steps: table.repository, intervalMs: 10, gapWaitMs: 20, log: { error: () => undefined } });
    const seen: number[] = [];
    await feed.subscribe((s) => seen.push(s.eventId));
    table.commit(2);
    await tick();
    await tick();
    table.commit(1); // too late: looked for no more
    table.commit(3);
    await tick();
    feed.close();
    expect(seen).toEqual([2, 3]);
  });
});
