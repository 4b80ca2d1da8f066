import fs from 'node:fs/promises';
import path from 'node:path';
import type { ErrorResponse, Question } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomIp, signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { createTestApp, useTestApp } from '../../test/test-app.js';

const ctx = useTestApp({ SHOP_EMAIL: 'barista@coffeeshop.test' });
let staff: SignedInUser;
let customer: SignedInUser;
beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  customer = await signUpAndSignIn(ctx);
});

const ask = (payload: object, headers: Record<string, string> = {}, ip = randomIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/questions', headers, payload, remoteAddress: ip });
const list = (user: SignedInUser | undefined, status = 'open') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/questions?status=${status}`, headers: user?.headers ?? {} });
const mark = (user: SignedInUser | undefined, id: number, answered: boolean) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/questions/${id}`, headers: user?.headers ?? {}, payload: { answered } });

async function mailsTo(address: string): Promise<string[]> {
  await ctx.app.mailer.idle();
  const dir = ctx.config.mail.outboxDir;
  const files = await fs.readdir(dir).catch(() => []);
  const mails = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
  return mails.filter((m) => m.includes(`To: ${address}`));
}

describe('Ask a Staff', () => {
  it('takes a visitor\'s question about a product, shows it to staff with the product named and mails the shop', async () => {
    const product = await createProduct(ctx.database, { name: 'Hazelnut Latte' });
    const res = await ask({ productId: product.id, name: 'Sari', contact: 'sari@example.test', message: 'Is it sweet?' });
    expect(res.statusCode).toBe(201);
    const question = res.json<{ data: Question }>().data;
    expect(question).toMatchObject({ productId: product.id, productName: 'Hazelnut Latte', name: 'Sari', answeredAt: null });

    const open = await list(staff);
    expect(open.statusCode).toBe(200);
    expect(open.json<{ data: Question[] }>().data).toContainEqual(question);

    const mails = await mailsTo('barista@coffeeshop.test');
    const mail = mails.find((m) => m.includes('Is it sweet?'));
    expect(mail).toContain('Subject: Question about Hazelnut Latte from Sari');
    expect(mail).toContain('sari@example.test');
  });

  it('lets staff mark a question answered, which takes it off the open list', async () => {
    const created = (await ask({ name: 'Budi', contact: '0812 3456 7890', message: 'Do you open on holidays?' }, customer.headers)).json<{ data: Question }>().data;
    const answered = await mark(staff, created.id, true);
    expect(answered.statusCode).toBe(200);
    expect(answered.json<{ data: Question }>().data.answeredAt).not.toBeNull();
    expect((await list(staff)).json<{ data: Question[] }>().data.map((q) => q.id)).not.toContain(created.id);
    expect((await list(staff, 'answered')).json<{ data: Question[] }>().data.map((q) => q.id)).toContain(created.id);
    expect((await mark(staff, 999_999, true)).statusCode).toBe(404);
  });

  it('keeps the questions from customers and visitors: staff only', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(customer)).statusCode).toBe(403);
    const created = (await ask({ name: 'Citra', contact: 'citra@example.test', message: 'Oat milk?' })).json<{ data: Question }>().data;
    expect((await mark(customer, created.id, true)).statusCode).toBe(403);
  });

  it('refuses an empty or overlong message with a sentence, naming the field apart', async () => {
    const empty = await ask({ name: 'Dewi', contact: 'dewi@example.test', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorResponse>()).toMatchObject({ field: 'message', message: 'Your message is required.' });
    const long = await ask({ name: 'Dewi', contact: 'dewi@example.test', message: 'x'.repeat(1001) });
    expect(long.json<ErrorResponse>()).toMatchObject({ field: 'message', message: 'Your message must be at most 1000 characters.' });
    const gone = await ask({ productId: 987_654, name: 'Dewi', contact: 'dewi@example.test', message: 'Hi' });
    expect(gone.json<ErrorResponse>()).toMatchObject({ field: 'productId', message: 'That product is no longer on the menu. Please ask about another one.' });
  });

  it('limits how many questions one address sends', async () => {
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await ask({ name: 'Eko', contact: 'eko@example.test', message: `Question ${i}` }, {}, ip));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]?.statusCode).toBe(429);
    expect(answers[5]?.json<ErrorResponse>().message).toMatch(/^Too many questions from your network\. Try again in \d+ minutes\.$/);
    // Another address is not held back.
    expect((await ask({ name: 'Fajar', contact: 'fajar@example.test', message: 'Hi' })).statusCode).toBe(201);
  });
});

describe('the shop email', () => {
  it('is MAIL_FROM\'s address unless SHOP_EMAIL is set', async () => {
    const other = await createTestApp({ MAIL_FROM: 'Kopi Kita <halo@kopikita.test>' });
    try {
      expect(other.config.shopEmail).toBe('halo@kopikita.test');
    } finally {
      await other.close();
    }
  });
});
