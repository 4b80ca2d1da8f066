import { describe, expect, it } from 'vitest';
import { deviceName, keyBytes } from './push-device';

describe('the device as the profile names it', () => {
  it('names the browser and the system from the user agent', () => {
    expect(deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone or iPad');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
    expect(deviceName('curl/8')).toBe('A browser');
  });
});

describe('the VAPID key as PushManager.subscribe takes it', () => {
  it('decodes base64url without padding to its bytes', () => {
    // 65 bytes: an uncompressed P-256 point starts with 0x04.
    const key = `BA${'A'.repeat(85)}`;
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect([...keyBytes('-_8')]).toEqual([0xfb, 0xff]);
  });
});
