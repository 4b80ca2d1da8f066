/** The browser's side of push: the service worker's push manager (service-worker/sw.js shows the notifications). */
import { msg } from '@lingui/core/macro';
import { i18n } from '../../lib/i18n';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The shop's worker registration, registering it when the page has not yet (it is registered after load and idle). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  return navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
}

export async function thisDeviceSubscription(): Promise<PushSubscription | null> {
  const found = await navigator.serviceWorker.getRegistration('/');
  return (await found?.pushManager.getSubscription()) ?? null;
}

/** base64url (the VAPID key as the API gives it) -> bytes, as PushManager.subscribe takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** This device's subscription to the shop's key: the one it has, or a new one (again, when the shop's key changed). */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  const { pushManager } = await registration().then(async (reg) => {
    await navigator.serviceWorker.ready;
    return reg;
  });
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  try {
    return (await pushManager.getSubscription()) ?? (await pushManager.subscribe(options));
  } catch {
    // A subscription to an older key of the shop: replaced by one to the current key.
    await (await pushManager.getSubscription())?.unsubscribe();
    return pushManager.subscribe(options);
  }
}

/**
 * "Chrome on Android": how the profile names the device (the customer recognises it; nothing more is kept). Written in
 * the screens' language when the device is turned on: the name is kept as written.
 */
export function deviceName(userAgent: string): string {
  const browser =
    /Edg\//.test(userAgent) ? 'Edge'
    : /OPR\//.test(userAgent) ? 'Opera'
    : /SamsungBrowser\//.test(userAgent) ? 'Samsung Internet'
    : /Firefox\//.test(userAgent) ? 'Firefox'
    : /Chrome\/|Chromium\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari'
    : i18n._(msg`A browser`);
  const system =
    /Android/.test(userAgent) ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent) ? i18n._(msg`iPhone or iPad`)
    : /Windows/.test(userAgent) ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'Mac'
    : /CrOS/.test(userAgent) ? 'ChromeOS'
    : /Linux/.test(userAgent) ? 'Linux'
    : '';
  return system ? i18n._(msg`${browser} on ${system}`) : browser;
}
