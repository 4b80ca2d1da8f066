import fs from 'node:fs';
import path from 'node:path';
import type { UserProfileResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { useOrderScene } from '../../test/order-scene.js';

const scene = useOrderScene();

const placedOrder = (deliveryMethod: 'pick-up' | 'door-delivery' = 'pick-up') => scene.placeOrder({ deliveryMethod });

const staffMove = async (orderId: number, status: string) => {
  expect((await scene.staffMove(orderId, status)).statusCode).toBe(200);
};

/** The mails in the outbox (no SMTP_URL in tests) to `to`, as their subject lines and bodies. */
async function mailsTo(to: string): Promise<{ subject: string; body: string }[]> {
  await scene.ctx.app.mailer.idle();
  const dir = scene.ctx.config.mail.outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .filter((eml) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(eml))
    .map((eml) => ({ subject: /^Subject: (.*)$/m.exec(eml)?.[1] ?? '', body: eml }));
}

/** The mail is queued right after the step commits: look for a moment before deciding there are no more. */
async function waitForMails(to: string, count: number): Promise<{ subject: string; body: string }[]> {
  const until = Date.now() + 2_000;
  for (;;) {
    const mails = await mailsTo(to);
    if (notices(mails).length >= count || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The mails about an order's steps (not the welcome or the confirmation). */
const notices = (mails: { subject: string }[]) => mails.map((m) => m.subject).filter((s) => s.startsWith('Your order #'));

describe('order mails', () => {
  it('tells the customer when the order is ready for pickup, with a link to it', async () => {
    const { customer, order } = await placedOrder();
    await staffMove(order.id, 'preparing');
    await staffMove(order.id, 'ready');
    const mails = await waitForMails(customer.email, 1);
    expect(notices(mails)).toEqual([`Your order #${order.id} is ready`]);
    const ready = mails.find((m) => m.subject.endsWith('is ready'));
    expect(ready?.body).toContain('ready for pickup');
    expect(ready?.body).toContain(`/history/${order.id}`);
  });

  it('tells the customer when a delivery is on its way', async () => {
    const { customer, order } = await placedOrder('door-delivery');
    await staffMove(order.id, 'preparing');
    await staffMove(order.id, 'on-delivery');
    expect(notices(await waitForMails(customer.email, 1))).toEqual([`Your order #${order.id} is on its way`]);
  });

  it('tells the customer when the shop cancels, but not when they cancel themselves', async () => {
    const shopCancels = await placedOrder();
    await staffMove(shopCancels.order.id, 'cancelled');
    expect(notices(await waitForMails(shopCancels.customer.email, 1))).toEqual([`Your order #${shopCancels.order.id} was cancelled`]);

    const selfCancels = await placedOrder();
    const res = await scene.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${selfCancels.order.id}/cancel`, headers: selfCancels.customer.headers });
    expect(res.statusCode).toBe(200);
    expect(notices(await waitForMails(selfCancels.customer.email, 1))).toEqual([]);
  });

  it('sends nothing once the customer turns order mails off in the profile, and again once back on', async () => {
    const { customer, order } = await placedOrder();
    const off = await scene.ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: customer.headers, payload: { orderEmails: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json<UserProfileResponse>().data.orderEmails).toBe(false);
    await staffMove(order.id, 'preparing');
    await staffMove(order.id, 'ready');
    expect(notices(await waitForMails(customer.email, 1))).toEqual([]);

    const on = await scene.ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: customer.headers, payload: { orderEmails: true } });
    expect(on.json<UserProfileResponse>().data.orderEmails).toBe(true);
    await staffMove(order.id, 'cancelled');
    expect(notices(await waitForMails(customer.email, 1))).toEqual([`Your order #${order.id} was cancelled`]);
  });

  it('has order mails on for a new account, and refuses a setting that is not true or false', async () => {
    const customer = await signUpAndSignIn(scene.ctx);
    const me = await scene.ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: customer.headers });
    expect(me.json<UserProfileResponse>().data.orderEmails).toBe(true);
    const bad = await scene.ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: customer.headers, payload: { orderEmails: 'no' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'orderEmails' });
  });
});
