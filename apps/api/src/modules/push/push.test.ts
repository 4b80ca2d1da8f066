import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OrderResponse, PushDeviceListResponse, PushKeyResponse } from '@coffee/contract';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, placeOrder, testClock } from '../../test/orders.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Order steps pushed end to end: a device subscribed as a browser would (its own ECDH P-256 key pair and auth
 * secret, generated here), a local HTTP server standing in for the push service, and the message decrypted here per
 * RFC 8291 (aes128gcm), with no help from the library that encrypted it.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The stand-in push service: records every message; an address under /gone/ answers 410 as for a dropped device. */
function startPushService() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  return {
    received,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: the key pair and auth secret it keeps, and what it gives the page. */
function deviceKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** RFC 8291 / RFC 8188: the one-record aes128gcm message a push service hands the device, decrypted. */
function decryptPush(body: Buffer, device: ReturnType<typeof deviceKeys>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(cipherText.length);
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

const clock = testClock();
const vapid = webpush.generateVAPIDKeys();
const pushService = startPushService();
let ctx: TestContext;
let staff: SignedInUser;
let product: { id: number };
let pushUrl: string;

beforeAll(async () => {
  pushUrl = await pushService.listen();
  ctx = await createTestApp(
    { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:owner@coffeeshop.test' },
    { now: clock.now },
  );
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  product = await createProduct(ctx.database, { priceIdr: 20_000 });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});

async function placedOrder(customer: SignedInUser) {
  await addToCart(ctx, customer, { productId: product.id, quantity: 1 });
  const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' });
  expect(res.statusCode).toBe(201);
  return res.json<OrderResponse>().data;
}

const staffMove = async (orderId: number, status: string) => {
  const res = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${orderId}/status`, headers: staff.headers, payload: { status } });
  expect(res.statusCode).toBe(200);
};

/** The notification as the service worker reads it. */
const readPush = (body: Buffer | undefined, device: ReturnType<typeof deviceKeys>) =>
  JSON.parse(decryptPush(body ?? Buffer.alloc(0), device)) as { title: string; body: string; url: string; tag: string };

const subscribe = (customer: SignedInUser, endpoint: string, keys: { p256dh: string; auth: string }, device = 'Chrome on Android') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers: customer.headers, payload: { endpoint, keys, device } });

const devicesOf = async (customer: SignedInUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/push/subscriptions', headers: customer.headers });
  expect(res.statusCode).toBe(200);
  return res.json<PushDeviceListResponse>().data;
};

/** Messages reach the stand-in push service right after the step commits: wait a moment for them. */
async function messagesTo(path: string, count: number, waitMs = 5_000): Promise<Received[]> {
  const until = Date.now() + waitMs;
  for (;;) {
    const found = pushService.received.filter((r) => r.path === path);
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('order steps pushed to the customer\'s devices', () => {
  it('offers its VAPID key, and a "ready" push reaches the device encrypted (RFC 8291) with the order number and store', async () => {
    const key = await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key' });
    expect(key.json<PushKeyResponse>().data.publicKey).toBe(vapid.publicKey);

    const customer = await signUpAndSignIn(ctx);
    const order = await placedOrder(customer);
    const device = deviceKeys();
    const endpoint = `${pushUrl}/device/${crypto.randomUUID()}`;
    const subscribed = await subscribe(customer, endpoint, device.keys);
    expect(subscribed.statusCode).toBe(201);

    await staffMove(order.id, 'preparing');
    expect(await messagesTo(new URL(endpoint).pathname, 1, 500)).toEqual([]);
    await staffMove(order.id, 'ready');
    const [message] = await messagesTo(new URL(endpoint).pathname, 1);
    expect(message).toBeDefined();
    if (!message) return;
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.ttl).toBeDefined();
    // VAPID (RFC 8292): a JWT signed with the shop's private key, and the public key it checks against.
    expect(message.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));

    const push = JSON.parse(decryptPush(message.body, device)) as { title: string; body: string; url: string; tag: string };
    expect(push.title).toBe(`Your order #${order.id} is ready`);
    expect(order.store?.name).toBeTruthy();
    expect(push.body).toContain(order.store?.name);
    expect(push.url).toBe(`/history/${order.id}`);

    // The send is recorded once the push service has answered, a moment after the message reached it.
    let [listed] = await devicesOf(customer);
    for (const until = Date.now() + 5_000; !listed?.lastSentAt && Date.now() < until; [listed] = await devicesOf(customer)) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(listed).toMatchObject({ device: 'Chrome on Android', endpoint });
    expect(listed?.lastSentAt).not.toBeNull();
  });

  it('tells every device of the customer about "on its way" and "cancelled by the shop", and nothing when the customer cancels', async () => {
    const customer = await signUpAndSignIn(ctx);
    const phone = deviceKeys();
    const laptop = deviceKeys();
    const phonePath = `/device/${crypto.randomUUID()}`;
    const laptopPath = `/device/${crypto.randomUUID()}`;
    expect((await subscribe(customer, pushUrl + phonePath, phone.keys, 'Phone')).statusCode).toBe(201);
    expect((await subscribe(customer, pushUrl + laptopPath, laptop.keys, 'Laptop')).statusCode).toBe(201);

    await addToCart(ctx, customer, { productId: product.id, quantity: 1 });
    const delivery = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery', address: 'Jl. Kemang Raya 10, Jakarta' });
    const deliveryOrder = delivery.json<OrderResponse>().data;
    await staffMove(deliveryOrder.id, 'preparing');
    await staffMove(deliveryOrder.id, 'on-delivery');
    const [onPhone] = await messagesTo(phonePath, 1);
    const [onLaptop] = await messagesTo(laptopPath, 1);
    expect(readPush(onPhone?.body, phone).title).toBe(`Your order #${deliveryOrder.id} is on its way`);
    expect(readPush(onLaptop?.body, laptop).title).toBe(`Your order #${deliveryOrder.id} is on its way`);

    const cancelled = await placedOrder(customer);
    await staffMove(cancelled.id, 'cancelled');
    const phoneMessages = await messagesTo(phonePath, 2);
    expect(readPush(phoneMessages[1]?.body, phone).title).toBe(`Your order #${cancelled.id} was cancelled`);

    const selfCancelled = await placedOrder(customer);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${selfCancelled.id}/cancel`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(await messagesTo(phonePath, 3, 500)).toHaveLength(2);
  });

  it('removes a subscription the push service answers 410 for', async () => {
    const customer = await signUpAndSignIn(ctx);
    const order = await placedOrder(customer);
    const gone = `/gone/${crypto.randomUUID()}`;
    expect((await subscribe(customer, pushUrl + gone, deviceKeys().keys)).statusCode).toBe(201);
    expect(await devicesOf(customer)).toHaveLength(1);
    await staffMove(order.id, 'preparing');
    await staffMove(order.id, 'ready');
    await messagesTo(gone, 1);
    await expect.poll(async () => (await devicesOf(customer)).length).toBe(0);
  });

  it('lists the customer\'s own devices, turns one off, and keeps one row per device', async () => {
    const customer = await signUpAndSignIn(ctx);
    const other = await signUpAndSignIn(ctx);
    const endpoint = `${pushUrl}/device/${crypto.randomUUID()}`;
    const first = await subscribe(customer, endpoint, deviceKeys().keys, 'Phone');
    // The same device turned on again: still one device.
    await subscribe(customer, endpoint, deviceKeys().keys, 'Phone');
    const devices = await devicesOf(customer);
    expect(devices.map((d) => d.device)).toEqual(['Phone']);
    expect(await devicesOf(other)).toEqual([]);

    const id = first.json<{ data: { id: number } }>().data.id;
    const byOther = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/push/subscriptions/${id}`, headers: other.headers });
    expect(byOther.statusCode).toBe(404);
    const off = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/push/subscriptions/${id}`, headers: customer.headers });
    expect(off.statusCode).toBe(204);
    expect(await devicesOf(customer)).toEqual([]);

    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/v1/push/subscriptions' });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses an endpoint that is not a push service address', async () => {
    const customer = await signUpAndSignIn(ctx);
    const res = await subscribe(customer, 'http://example.com/push', deviceKeys().keys);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'endpoint' });
    const badKey = await subscribe(customer, `${pushUrl}/device/x`, { p256dh: 'not base64!', auth: 'x' });
    expect(badKey.statusCode).toBe(400);
  });
});

describe('a shop without VAPID keys', () => {
  it('offers no push and takes no subscription', async () => {
    const plain = await createTestApp();
    try {
      const key = await plain.app.inject({ method: 'GET', url: '/api/v1/push/key' });
      expect(key.json<PushKeyResponse>().data.publicKey).toBeNull();
      const customer = await signUpAndSignIn(plain);
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: customer.headers,
        payload: { endpoint: 'https://push.example.com/x', keys: deviceKeys().keys },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
