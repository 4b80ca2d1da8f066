import type { DeliveryMethod, DeliveryWindow, ErrorResponse, ShopSettings } from '@coffee/contract';
import { createShopSettings } from '@coffee/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { signUpAndSignIn } from '../../test/auth.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { RECEIVING_WINDOWS } from '../checkout/checkout.service.js';

const getShop = async (ctx: TestContext, headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/shop', headers });
  expect(res.statusCode).toBe(200);
  return { res, settings: res.json<{ data: ShopSettings }>().data };
};

const windowKeys: Record<DeliveryMethod, keyof ShopSettings['deliveryWindows']> = {
  'door-delivery': 'doorDelivery',
  'dine-in': 'dineIn',
  'pick-up': 'pickUp',
};

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toClock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

describe('GET /api/v1/shop with the default settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the shop\'s order rules to anyone, cacheable for a minute', async () => {
    const { res, settings } = await getShop(ctx);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(settings).toEqual(createShopSettings());
  });

  it('gives a signed-in customer the same answer', async () => {
    const user = await signUpAndSignIn(ctx);
    const visitor = (await getShop(ctx)).settings;
    const { res, settings } = await getShop(ctx, user.headers);
    expect(settings).toEqual(visitor);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('is not cacheable when it clears a stale session cookie', async () => {
    const { res } = await getShop(ctx, { cookie: `${SESSION_COOKIE}=no-such-session` });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('shows the windows the order rules use (modules/orders/delivery-window.ts)', async () => {
    const { deliveryWindows } = (await getShop(ctx)).settings;
    for (const [method, window] of Object.entries(RECEIVING_WINDOWS) as Array<[DeliveryMethod, (typeof RECEIVING_WINDOWS)[DeliveryMethod]]>) {
      const shown = deliveryWindows[windowKeys[method]];
      expect(shown.days).toEqual(window.days);
      expect(toMinute(shown.from)).toBe(window.fromMinute);
      expect(toMinute(shown.to)).toBe(window.toMinute);
    }
  });
});

describe('GET /api/v1/shop against what the cart accepts', () => {
  // Monday 2026-11-23, 00:00 in Jakarta: the next seven days hold every weekday, all within the default 7 days ahead.
  const now = new Date('2026-11-22T17:00:00Z');
  const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'];
  const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => now });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each(['door-delivery', 'dine-in', 'pick-up'] as const)(
    '%s: a time is accepted exactly when it is inside the window the endpoint shows',
    async (method) => {
      const { deliveryWindows } = (await getShop(ctx)).settings;
      const window: DeliveryWindow = deliveryWindows[windowKeys[method]];
      const user = await signUpAndSignIn(ctx);
      const from = toMinute(window.from);
      const to = toMinute(window.to);
      for (const date of days.slice(0, 7)) {
        for (const minute of [from - 1, from, to, to + 1]) {
          const scheduledFor = `${date}T${toClock(minute)}`;
          const res = await ctx.app.inject({
            method: 'PUT',
            url: '/api/v1/cart/delivery',
            headers: user.headers,
            payload: { deliveryMethod: method, scheduledFor },
          });
          const expected = window.days.includes(isoWeekday(date)) && minute >= from && minute <= to;
          expect({ scheduledFor, accepted: res.statusCode === 200 }).toEqual({ scheduledFor, accepted: expected });
        }
      }
    },
  );

  it('refuses a time more than maxDaysAhead days ahead', async () => {
    const { maxDaysAhead, deliveryWindows } = (await getShop(ctx)).settings;
    const user = await signUpAndSignIn(ctx);
    // Every day is a Dine in day; it is now midnight, so opening time maxDaysAhead days from today is just too far.
    const opening = deliveryWindows.dineIn.from;
    const put = (date: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/cart/delivery',
        headers: user.headers,
        payload: { deliveryMethod: 'dine-in', scheduledFor: `${date}T${opening}` },
      });
    expect((await put(days[maxDaysAhead - 1] ?? '')).statusCode).toBe(200);
    const beyond = await put(days[maxDaysAhead] ?? '');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json<ErrorResponse>().message).toContain(`at most ${maxDaysAhead} days ahead`);
  });
});

describe('CHAT_URL', () => {
  it.each(['https://wa.me/6281234567890', 'mailto:hello@coffeeshop.test', 'http://chat.localhost:8080/room'])(
    'shows %s as the chat link',
    async (chatUrl) => {
      const ctx = await createTestApp({ CHAT_URL: ` ${chatUrl} ` });
      try {
        expect((await getShop(ctx)).settings.chatUrl).toBe(chatUrl);
      } finally {
        await ctx.close();
      }
    },
  );

  it('empty means no chat link', async () => {
    const ctx = await createTestApp({ CHAT_URL: '' });
    try {
      expect((await getShop(ctx)).settings.chatUrl).toBeNull();
    } finally {
      await ctx.close();
    }
  });

  it.each(['javascript:alert(1)', 'wa.me/6281234567890', 'ftp://files.example.com', 'https://', 'mailto:', 'data:text/html,hi'])(
    'refuses %s, stopping start-up with one line naming CHAT_URL',
    (value) => {
      const load = () => loadConfig({ CHAT_URL: value });
      expect(load).toThrow(ConfigError);
      let message = '';
      try {
        load();
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(new RegExp(`^Invalid CHAT_URL=${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: expected an http\\(s\\) or mailto: link`));
      expect(message).not.toContain('\n');
    },
  );
});
