import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('account settings in the configuration', () => {
  it('has safe defaults: PUBLIC_URL from PORT, outbox mail, 7/30-day sessions, auto Secure cookie', () => {
    const config = loadConfig({ PORT: '4000', DATA_DIR: '/tmp/shop' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Coffee Shop <no-reply@coffeeshop.test>', outboxDir: '/tmp/shop/outbox' });
    expect(config.sessions).toEqual({ cookieSecure: 'auto', idleTimeoutMs: 7 * 86_400_000, maxLifetimeMs: 30 * 86_400_000 });
    expect(config.rateLimits).toMatchObject({ loginPerAccount: 5, loginPerIp: 20, windowMs: 15 * 60_000 });
  });

  it('drops a trailing slash from PUBLIC_URL, since links are built as PUBLIC_URL + path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it.each([
    [{ COOKIE_SECURE: 'yes' }, 'Invalid COOKIE_SECURE="yes": expected auto (Secure over HTTPS), true or false'],
    [{ LOGIN_LIMIT_PER_ACCOUNT: '0' }, 'Invalid LOGIN_LIMIT_PER_ACCOUNT="0"'],
    [{ SESSION_IDLE_DAYS: '-1' }, 'Invalid SESSION_IDLE_DAYS="-1"'],
    [{ PUBLIC_URL: 'not a url' }, 'Invalid PUBLIC_URL="not a url"'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats a password from SMTP_URL in its error', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mailer:s3cret@mail.example:587' })).toThrow(
      'Invalid SMTP_URL="http://mailer:***@mail.example:587"',
    );
  });
});
