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
