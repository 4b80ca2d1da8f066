import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { fetchOpenApi, operationsOf, type Operation } from '../../test/openapi.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let smtp: TestSmtpServer;
let owner: SignedInUser;
let manager: SignedInUser;
let barista: SignedInUser;
let customer: SignedInUser;
let operations: Operation[];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Coffee Shop <shop@coffeeshop.test>', PUBLIC_URL: 'https://shop.example' });
  [owner, manager, barista, customer] = await Promise.all([
    signUpAndSignIn(ctx, { role: 'staff', staffRole: 'owner' }),
    signUpAndSignIn(ctx, { role: 'staff', staffRole: 'manager' }),
    signUpAndSignIn(ctx, { role: 'staff', staffRole: 'barista' }),
    signUpAndSignIn(ctx),
  ]);
  // The document names paths with their /api/v1 prefix; here they are read without it.
  operations = operationsOf(await fetchOpenApi(ctx.app)).map((op) => ({ ...op, path: op.path.replace(/^\/api\/v1/, '') }));
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** The address of an operation with every `{param}` filled with 1. */
const urlOf = (op: Operation) => `/api/v1${op.path.replace(/\{[^}]+\}/g, '1')}`;
const ask = (op: Operation, who: SignedInUser) =>
  ctx.app.inject({ method: op.method.toUpperCase() as 'GET', url: urlOf(op), headers: { ...who.headers, 'content-type': 'application/json' }, payload: '{}' });

// Routes a signed-in customer may use on their own account; sending them an empty body must not sign anyone out or delete them.
const OWN_ACCOUNT = /^\/(auth|users\/me)/;

/** A staff route is one a customer is refused (403) before anything is read: found by asking the app, not from a list. */
async function staffOperations(): Promise<Operation[]> {
  const found: Operation[] = [];
  for (const op of operations) {
    if (op.method === 'get' || OWN_ACCOUNT.test(op.path)) continue;
    if ((await ask(op, customer)).statusCode === 403) found.push(op);
  }
  return found;
}

/** What a barista works with: the orders and the kitchen display, questions at the counter, member cards; refunds excepted. */
const baristaMay = (op: Operation) =>
  (/^\/staff\/orders\//.test(op.path) && !/\/(refund|mark-refunded|refunded-by-transfer)$/.test(op.path)) || /^\/questions\/\{id\}$/.test(op.path) || /\/member-card$/.test(op.path);

describe('staff roles', () => {
  it('refuses a barista (403) every staff route that changes prices, coupons, stores, roles or refunds, and lets them work the orders', async () => {
    const staff = await staffOperations();
    const names = staff.map((op) => `${op.method} ${op.path}`);
    // The areas the issue names are all among the routes found.
    for (const must of ['patch /products/{id}', 'post /option-groups', 'post /promotions', 'put /stores/{id}', 'put /staff/members/{id}/role', 'post /staff/orders/{id}/refund', 'post /staff/orders/{id}/mark-refunded']) {
      expect(names).toContain(must);
    }
    const refused: string[] = [];
    const allowed: string[] = [];
    for (const op of staff) {
      const status = (await ask(op, barista)).statusCode;
      (status === 403 ? refused : allowed).push(`${op.method} ${op.path}`);
    }
    expect(allowed.sort()).toEqual(staff.filter(baristaMay).map((op) => `${op.method} ${op.path}`).sort());
    expect(refused.length).toBeGreaterThan(10);
    // The owner's reads are refused too; the orders list is theirs to read.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/audit', headers: barista.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/members', headers: manager.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders', headers: barista.headers })).statusCode).toBe(200);
  }, 120_000);

  it('lets a manager change the menu and refunds but not stores or coupons', async () => {
    const asManager = (method: 'POST' | 'PUT', url: string) => ctx.app.inject({ method, url, headers: { ...manager.headers, 'content-type': 'application/json' }, payload: '{}' });
    expect((await asManager('POST', '/api/v1/option-groups')).statusCode).toBe(400);
    expect((await asManager('POST', '/api/v1/staff/orders/999999/refund')).statusCode).toBe(404);
    expect((await asManager('PUT', '/api/v1/stores/1')).statusCode).toBe(403);
    expect((await asManager('POST', '/api/v1/promotions')).statusCode).toBe(403);
  });
});

describe('inviting staff', () => {
  it('mails a link from which a new barista signs up and works the kitchen display, with the change on the audit record', async () => {
    const email = `new-barista-${Date.now()}@example.test`;
    const invite = await ctx.app.inject({ method: 'POST', url: '/api/v1/staff/invitations', headers: owner.headers, payload: { email, staffRole: 'barista' } });
    expect(invite.statusCode).toBe(201);
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    const link = /https:\/\/shop\.example\/staff\/join\?token=([\w%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    const lookup = await ctx.app.inject({ method: 'GET', url: `/api/v1/staff/invitation?token=${encodeURIComponent(token)}` });
    expect(lookup.json()).toEqual({ data: { email, staffRole: 'barista' } });
    const accept = await ctx.app.inject({ method: 'POST', url: '/api/v1/staff/invitation/accept', payload: { token, password: 'Kettle-Grinder-Tamper-7', firstName: 'Dewi' } });
    expect(accept.statusCode).toBe(201);
    // The link is spent.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/v1/staff/invitation/accept', payload: { token, password: 'Kettle-Grinder-Tamper-7', firstName: 'Dewi' } });
    expect(again.statusCode).toBe(404);

    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { origin: 'http://localhost' }, payload: { email, password: 'Kettle-Grinder-Tamper-7' } });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ data: { role: string; staffRole: string } }>().data).toMatchObject({ role: 'staff', staffRole: 'barista' });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const kitchen = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?active=true', headers: { cookie } });
    expect(kitchen.statusCode).toBe(200);
    const prices = await ctx.app.inject({ method: 'POST', url: '/api/v1/option-groups', headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' }, payload: '{}' });
    expect(prices.statusCode).toBe(403);

    const members = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/members', headers: owner.headers });
    const joined = members.json<{ data: { members: { id: number; email: string; staffRole: string; name: string | null }[] } }>().data.members.find((m) => m.email === email);
    expect(joined).toMatchObject({ staffRole: 'barista', name: 'Dewi' });

    // The owner makes them a manager, then removes them; each step is on the record with who did it.
    const promoted = await ctx.app.inject({ method: 'PUT', url: `/api/v1/staff/members/${joined!.id}/role`, headers: owner.headers, payload: { staffRole: 'manager' } });
    expect(promoted.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/option-groups', headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/staff/members/${joined!.id}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders', headers: { cookie } })).statusCode).toBe(403);

    const audit = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/audit', headers: owner.headers });
    const actions = audit.json<{ data: { by: string; kind: string; action: string }[] }>().data.filter((r) => r.action.includes(email));
    expect(actions.map((r) => [r.by, r.kind])).toEqual([
      [owner.email, 'role'],
      [owner.email, 'role'],
      [owner.email, 'role'],
    ]);
    expect(actions[0]!.action).toMatch(/Removed/);
  }, 60_000);

  it('records a price change with who made it', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/option-groups',
      headers: manager.headers,
      payload: { name: 'Syrup', minChoices: 0, maxChoices: 1, options: [{ name: 'Vanilla', priceDeltaIdr: 5000 }] },
    });
    expect(created.statusCode).toBeLessThan(300);
    const audit = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/audit', headers: owner.headers });
    const latest = audit.json<{ data: { by: string; kind: string; action: string }[] }>().data[0]!;
    expect(latest).toMatchObject({ by: manager.email, kind: 'price' });
    expect(latest.action).toContain('Vanilla');
  });
});
