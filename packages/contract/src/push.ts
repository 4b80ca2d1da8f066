import { z } from 'zod';
import { dataOf } from './common.js';

/** Base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (max: number, notAKey: string, tooLong: string) =>
  z
    .string({ error: /*i18n*/ 'is required' })
    .regex(/^[A-Za-z0-9_-]+$/, notAKey)
    .max(max, tooLong);

export const PushKeyResponse = dataOf(
  z
    .object({
      publicKey: z
        .string()
        .nullable()
        .describe("The shop's VAPID public key (base64url) for PushManager.subscribe; null: the shop sends no push"),
    })
    .meta({ id: 'PushKey', description: 'Whether the shop sends push notifications, and its key' }),
  'Push settings',
).describe('Push settings');
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

export const PushSubscriptionInput = z
  .object({
    endpoint: z
      .url({ error: /*i18n*/ 'must be the push service address the browser gave' })
      .max(1000, /*i18n*/ 'must be at most 1000 characters')
      .describe('PushSubscription.endpoint: where the push service takes messages for this device'),
    keys: z
      .object({
        p256dh: base64url(200, /*i18n*/ "must be the browser's p256dh key, base64url", /*i18n*/ 'must be at most 200 characters').describe('The device\'s ECDH P-256 public key'),
        auth: base64url(100, /*i18n*/ "must be the browser's auth key, base64url", /*i18n*/ 'must be at most 100 characters').describe('The device\'s authentication secret'),
      })
      .describe('PushSubscription.toJSON().keys'),
    device: z
      .string()
      .trim()
      .max(80, /*i18n*/ 'must be at most 80 characters')
      .optional()
      .describe('A name for the device as the customer will see it in their profile, e.g. "Chrome on Android"'),
  })
  .meta({ id: 'PushSubscriptionInput', description: 'A browser push subscription (PushSubscription.toJSON()) and a device name' });
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushDevice = z
  .object({
    id: z.number().int().describe('The subscription\'s number'),
    device: z.string().describe('The device as named when it was turned on'),
    createdAt: z.string().describe('When notifications were turned on on it (ISO 8601)'),
    lastSentAt: z.string().nullable().describe('When the shop last sent it a notification; null: never yet'),
    endpoint: z.string().describe('The push service address, so a browser can tell which device is itself'),
  })
  .meta({ id: 'PushDevice', description: 'A device that gets order notifications' });
export type PushDevice = z.infer<typeof PushDevice>;

export const PushDeviceResponse = dataOf(PushDevice, 'The device').describe('The device');
export const PushDeviceListResponse = dataOf(z.array(PushDevice), 'The devices, newest first').describe(
  'The signed-in customer\'s devices that get order notifications',
);
export type PushDeviceListResponse = z.infer<typeof PushDeviceListResponse>;
