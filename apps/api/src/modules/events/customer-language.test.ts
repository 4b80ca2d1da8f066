import type { ErrorResponse, OrderResponse, UserProfileResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, SAME_ORIGIN, signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, placeOrder, testClock } from '../../test/orders.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * The customer's language (issue 32, decision 037): stored at sign-up from the request's Accept-Language, changed in
 * the profile, and every mail the customer gets is written in it, whatever the language of the staff's screens.
 */
const clock = testClock();
let ctx: TestContext;
let smtp: TestSmtpServer;
let staff: SignedInUser;
let owner: SignedInUser;
let product: { id: number };

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Coffee Shop <shop@coffeeshop.test>', PUBLIC_URL: 'https://shop.example' }, { now: clock.now });
  [staff, owner] = await Promise.all([signUpAndSignIn(ctx, { role: 'staff', staffRole: 'barista' }), signUpAndSignIn(ctx, { role: 'staff', staffRole: 'owner' })]);
  product = await createProduct(ctx.database, { priceIdr: 20_000 });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** A pick-up paid in cash, for Monday 15:00 shop time. */
async function orderFor(customer: SignedInUser) {
  expect((await addToCart(ctx, customer, { productId: product.id, quantity: 1 })).statusCode).toBeLessThan(300);
  const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T15:00' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderResponse>().data;
}

/** The staff move the order on from a screen in `language`. */
async function staffMove(orderId: number, status: string, language: string) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/staff/orders/${orderId}/status`,
    headers: { ...staff.headers, 'accept-language': language },
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const mailTo = (email: string, subject: string): Promise<ReceivedMail> => smtp.waitForMail((m) => m.to.includes(email) && m.subject === subject);
const linesOf = (mail: ReceivedMail) => mail.text.split(/\r?\n/);
/** The mail `subject` to `email`, once it holds each of `lines` among its lines. */
async function expectMailLines(email: string, subject: string, lines: string[]): Promise<ReceivedMail> {
  const mail = await mailTo(email, subject);
  expect(linesOf(mail)).toEqual(expect.arrayContaining(lines));
  return mail;
}

const profileOf = async (customer: SignedInUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: customer.headers })).json<UserProfileResponse>().data;

describe("a customer's mails in the customer's language", () => {
  it('an Indonesian sign-up gets the confirmation and the ready mail in Indonesian while the staff work in English', async () => {
    const customer = await signUpAndSignIn(ctx, { language: 'id-ID,id;q=0.9,en;q=0.8' });
    expect((await profileOf(customer)).language).toBe('id');
    const order = await orderFor(customer);

    const confirmation = await expectMailLines(customer.email, `Pesanan Coffee Shop Anda #${order.id}`, [
      `Terima kasih atas pesanan Anda #${order.id}.`,
      'Subtotal: Rp20.000',
      'Ambil di Toko, Senin, 23 November 2026 pukul 15.00 (waktu toko, Asia/Jakarta)',
      'Pembayaran: Bayar di Tempat (COD)',
      `Pantau pesanan Anda, lihat cara membayar, dan cetak struk Anda di https://shop.example/history/${order.id}`,
    ]);
    expect(confirmation.raw).toContain(`Terima kasih atas pesanan Anda <strong>#${order.id}</strong>.`);

    await staffMove(order.id, 'preparing', 'en');
    await staffMove(order.id, 'ready', 'en-US,en;q=0.9');
    await expectMailLines(customer.email, `Pesanan Anda #${order.id} sudah siap`, ['Tunjukkan nomor pesanan di kasir.', `Pantau pesanan Anda di https://shop.example/history/${order.id}`]);
  });

  it('a customer in English gets the very texts of before, even when the staff screen is in Indonesian', async () => {
    const customer = await signUpAndSignIn(ctx);
    expect((await profileOf(customer)).language).toBe('en');
    const order = await orderFor(customer);

    await expectMailLines(customer.email, `Your Coffee Shop order #${order.id}`, [
      `Thank you for your order #${order.id}.`,
      'Subtotal: IDR 20.000',
      'Pick up, 2026-11-23 at 15:00 (shop time, Asia/Jakarta)',
      'Payment: Cash on Delivery',
      `Follow your order, see how to pay and print your receipt at https://shop.example/history/${order.id}`,
    ]);

    await staffMove(order.id, 'preparing', 'id');
    await staffMove(order.id, 'ready', 'id');
    await expectMailLines(customer.email, `Your order #${order.id} is ready`, ['Show the order number at the counter.']);
  });

  it('changing the language in the profile changes the language of the next mail', async () => {
    const customer = await signUpAndSignIn(ctx);
    const order = await orderFor(customer);
    await mailTo(customer.email, `Your Coffee Shop order #${order.id}`);

    const changed = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: customer.headers, payload: { language: 'id' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<UserProfileResponse>().data.language).toBe('id');
    await staffMove(order.id, 'cancelled', 'en');
    const cancelled = await mailTo(customer.email, `Pesanan Anda #${order.id} dibatalkan`);
    expect(linesOf(cancelled)).toContain(`Mohon maaf: toko kami terpaksa membatalkan pesanan Anda #${order.id}.`);

    const refused = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: customer.headers, payload: { language: 'fr' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>()).toMatchObject({ field: 'language' });
    expect((await profileOf(customer)).language).toBe('id');
  });

  it("writes the password-reset link in the account's language, not the asking request's", async () => {
    const customer = await signUpAndSignIn(ctx, { language: 'id' });
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      remoteAddress: randomIp(),
      headers: { origin: SAME_ORIGIN, 'accept-language': 'en' },
      payload: { email: customer.email },
    });
    expect(asked.statusCode).toBe(202);
    const mail = await mailTo(customer.email, 'Buat kata sandi Coffee Shop yang baru');
    expect(mail.text).toContain('Tautan di bawah ini hanya dapat dipakai sekali, selama');
    expect(mail.text).toMatch(/Buat kata sandi baru: https:\/\/shop\.example\/reset-password\?token=/);
  });

  it("writes a staff invitation in the inviting owner's language: the invitee has no account yet", async () => {
    const invite = async (email: string, language: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/staff/invitations',
        headers: { ...owner.headers, 'accept-language': language },
        payload: { email, staffRole: 'manager' },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await invite('calon-manajer@example.test', 'id');
    const indonesian = await mailTo('calon-manajer@example.test', 'Anda diundang bergabung dengan tim Coffee Shop');
    expect(indonesian.text).toContain('Anda diundang bergabung dengan staf Coffee Shop sebagai manajer.');
    expect(indonesian.text).toContain('Tautan ini berlaku selama 7 hari.');

    await invite('new-manager@example.test', 'en');
    const english = await mailTo('new-manager@example.test', 'You are invited to the Coffee Shop team');
    expect(english.text).toContain('You are invited to join the Coffee Shop staff as manager.');
    expect(english.text).toContain('The link works for 7 days.');
  });
});
