import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-* headers are ignored', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it.each(['yes', '0', '300.1.1.1', '10.0.0.0/33', 'proxy.example.com'])('refuses %s with one line saying what it accepts', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid TRUST_PROXY=.*: expected empty \(no proxy\), a number of proxy hops/);
  });
});

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('defaults to 3 seconds and takes fractions', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(3000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0.5' }).shutdownGraceMs).toBe(500);
  });

  it('refuses a negative grace', () => {
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(/^Invalid SHUTDOWN_GRACE_SECONDS/);
  });
});

describe('production unless told otherwise', () => {
  it('runs in production with NODE_ENV unset, with no demo accounts and no local push stand-in', () => {
    expect(loadConfig({})).toMatchObject({ env: 'production', demoAccounts: false, pushAllowLocalEndpoints: false });
  });

  it('takes DEMO_ACCOUNTS=1 on loopback, and on a public HOST only outside production or with DEMO_SERVER=yes', () => {
    expect(loadConfig({ DEMO_ACCOUNTS: '1' }).demoAccounts).toBe(true);
    expect(loadConfig({ DEMO_ACCOUNTS: '1', HOST: '127.0.0.1' }).demoAccounts).toBe(true);
    expect(loadConfig({ DEMO_ACCOUNTS: '1', HOST: '0.0.0.0', NODE_ENV: 'development' }).demoAccounts).toBe(true);
    expect(loadConfig({ DEMO_ACCOUNTS: '1', HOST: '0.0.0.0', DEMO_SERVER: 'yes' }).demoAccounts).toBe(true);
    for (const host of ['0.0.0.0', '::', '203.0.113.9', 'shop.example.com']) {
      expect(() => loadConfig({ DEMO_ACCOUNTS: '1', HOST: host })).toThrow(ConfigError);
      expect(() => loadConfig({ DEMO_ACCOUNTS: '1', HOST: host })).toThrow(/^Invalid DEMO_ACCOUNTS="1": .* need DEMO_SERVER=yes/);
    }
  });

  it('refuses the local push stand-in in production', () => {
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_LOCAL_ENDPOINTS: '1' }).pushAllowLocalEndpoints).toBe(true);
    expect(() => loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: '1' })).toThrow(/^Invalid PUSH_ALLOW_LOCAL_ENDPOINTS="1": expected it only outside production/);
  });

  it('refuses METRICS_PORT without METRICS_TOKEN: the port asks for the token too', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464' })).toThrow(/^Invalid METRICS_PORT="9464": it needs METRICS_TOKEN too/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'scrape-me-0123456789abcdef' }).metrics).toEqual({ port: 9464, token: 'scrape-me-0123456789abcdef' });
  });
});
