import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { TellMeWhenReady } from './tell-me-when-ready';

const KEY = `BA${'A'.repeat(85)}`;
const ENDPOINT = 'https://push.example.com/device-1';

/**
 * The browser's push side, as jsdom has none: a notification permission that changes only when asked, and a worker
 * registration whose push manager hands out one subscription.
 */
function stubBrowserPush() {
  const notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn() };
  notification.requestPermission.mockImplementation(() => {
    notification.permission = 'granted';
    return Promise.resolve('granted');
  });
  let subscription: unknown = null;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(subscription)),
    subscribe: vi.fn(() => {
      subscription = {
        endpoint: ENDPOINT,
        toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BDevicePublicKey', auth: 'AuthSecret' } }),
      };
      return Promise.resolve(subscription);
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(() => Promise.resolve(registration)),
      register: vi.fn(() => Promise.resolve(registration)),
      ready: Promise.resolve(registration),
    },
  });
  return { notification, pushManager };
}

function renderOffer(status: 'pending' | 'preparing' | 'delivered' = 'preparing') {
  return renderRoutes([{ path: '/', element: <TellMeWhenReady order={{ status, deliveryMethod: 'pick-up' }} /> }], '/');
}

describe('"Tell me when it\'s ready"', () => {
  let browser: ReturnType<typeof stubBrowserPush>;
  beforeEach(() => {
    browser = stubBrowserPush();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is offered after an order, asks the permission only on the tap, and saves this device', async () => {
    const { requests } = stubFetch((url, request) => {
      if (url.pathname === '/api/v1/push/key') return jsonResponse({ data: { publicKey: KEY } });
      if (url.pathname === '/api/v1/push/subscriptions' && request.method === 'GET') return jsonResponse({ data: [] });
      if (url.pathname === '/api/v1/push/subscriptions') {
        return jsonResponse({ data: { id: 1, device: 'Chrome on Linux', createdAt: '2026-11-26T00:00:00.000Z', lastSentAt: null, endpoint: ENDPOINT } }, 201);
      }
      return jsonResponse({ message: 'not stubbed' }, 404);
    });
    renderOffer();
    const button = await screen.findByRole('button', { name: 'Tell me when it’s ready' });
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(await screen.findByText(/We will tell you on this device when your order is ready/)).toBeTruthy();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const saved = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/push/subscriptions');
    expect(saved?.body).toMatchObject({ endpoint: ENDPOINT, keys: { p256dh: 'BDevicePublicKey', auth: 'AuthSecret' } });
  });

  it('is not offered when the shop has no VAPID keys, nor for an order with nothing left to tell', async () => {
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/v1/push/key') return jsonResponse({ data: { publicKey: null } });
      return jsonResponse({ data: [] });
    });
    renderOffer();
    await waitFor(() => expect(calls.some((url) => url.pathname === '/api/v1/push/key')).toBe(true));
    await settle();
    expect(screen.queryByRole('button', { name: 'Tell me when it’s ready' })).toBeNull();

    stubFetch((url) => (url.pathname === '/api/v1/push/key' ? jsonResponse({ data: { publicKey: KEY } }) : jsonResponse({ data: [] })));
    renderOffer('delivered');
    await settle();
    expect(screen.queryByRole('button', { name: 'Tell me when it’s ready' })).toBeNull();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });
});
