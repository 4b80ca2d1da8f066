import crypto from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { useTestApp } from '../../test/test-app.js';
import { isPublicAddress, PUSH_REFUSED, type Resolver } from './push-services.js';
import { createPushService } from './push.service.js';

/** The production rule: no PUSH_ALLOW_LOCAL_ENDPOINTS, so only listed push services at public addresses. */
const vapid = webpush.generateVAPIDKeys();
const VAPID = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:owner@coffeeshop.test' };
const ctx = useTestApp({ ...VAPID, PUSH_ALLOW_LOCAL_ENDPOINTS: '' });

function deviceKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

/** A new customer adds a device at `endpoint`. */
async function addDevice(endpoint: string) {
  const customer = await signUpAndSignIn(ctx);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers: customer.headers, payload: { endpoint, keys: deviceKeys() } });
  return { customer, res };
}

describe('adding a device, under the production rule', () => {
  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://push.example.com/device/abc',
    'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
    'https://notify.windows.com.attacker.example/w/abc',
    'https://user:secret@fcm.googleapis.com/fcm/send/abc',
    'https://127.0.0.1/device/abc',
    'http://127.0.0.1:9999/device/abc',
    'https://localhost/device/abc',
    'https://10.0.0.7/device/abc',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/device/abc',
  ])('refuses %s with a plain message', async (endpoint) => {
    const { customer, res } = await addDevice(endpoint);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PUSH_REFUSED, field: 'endpoint' });
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/push/subscriptions', headers: customer.headers });
    expect(listed.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABl',
    'https://web.push.apple.com/QGuQyavXutnMc',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    'https://fcm.googleapis.com:443/fcm/send/abc',
  ])('takes %s, an address of a known push service', async (endpoint) => {
    const { res } = await addDevice(endpoint);
    expect(res.statusCode).toBe(201);
  });
});

describe('sending, under the production rule', () => {
  const NOT_PUBLIC = ['10.1.2.3', '172.20.0.5', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.251', '240.0.0.1',
    '198.18.0.1', '::1', '::', 'fe80::1', 'fd12:3456::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1', '2001:db8::1'];

  it.each(NOT_PUBLIC)('never connects when the push service name resolves to %s', async (address) => {
    const customer = await signUpAndSignIn(ctx);
    const asked: string[] = [];
    // The resolver stubbed: the name answers a non-public address at send time (a rebinding DNS answer).
    const resolve: Resolver = (hostname) => {
      asked.push(hostname);
      return Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]);
    };
    const warnings: { err?: { code?: string; message?: string } }[] = [];
    const push = createPushService({
      db: ctx.database.db,
      vapid: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:owner@coffeeshop.test' },
      allowLocalEndpoints: false,
      resolve,
      now: () => new Date(),
      log: { warn: (obj) => warnings.push(obj), error: () => {} },
      timeoutMs: 2_000,
    });
    await push.subscribe(customer.userId, { endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, keys: deviceKeys() });
    const result = await push.sendToUser(customer.userId, { title: 'Ready', body: 'Your order is ready', url: '/orders', tag: 'order-1' });
    expect(result).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(asked).toEqual(['fcm.googleapis.com']);
    // Refused by the lookup itself, which runs before any connection is opened.
    expect(warnings[0]?.err?.code).toBe('EPUSHADDRESS');
    expect(warnings[0]?.err?.message).toContain('not a public address');
    // Kept: the device may be reachable again once its service's name answers properly.
    expect(await push.listDevices(customer.userId)).toHaveLength(1);
  });

  it('counts public addresses as public, and every special range as not', () => {
    for (const address of ['142.250.4.95', '17.253.144.10', '2607:f8b0:4004:c07::5f', '2a03:2880:f10c:83:face:b00c::25de']) expect(isPublicAddress(address)).toBe(true);
    for (const address of NOT_PUBLIC) expect(isPublicAddress(address)).toBe(false);
    expect(isPublicAddress('fcm.googleapis.com')).toBe(false);
  });
});
