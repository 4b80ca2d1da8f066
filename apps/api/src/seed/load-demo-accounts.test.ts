import { describe, expect, it } from 'vitest';
import { logIn, SAME_ORIGIN } from '../test/auth.js';
import { useTestApp } from '../test/test-app.js';
import { DEMO_ACCOUNTS, loadDemoAccounts } from './load-demo-accounts.js';

const ctx = useTestApp();

describe('loadDemoAccounts', () => {
  it('creates nothing unless DEMO_ACCOUNTS asks for the accounts', async () => {
    expect(await loadDemoAccounts(ctx.database, { ...ctx.config, demoAccounts: false })).toBeNull();
    expect(await ctx.database.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('creates the documented customer and staff accounts once, whatever the number of starts', async () => {
    expect(await loadDemoAccounts(ctx.database, ctx.config)).toEqual(['customer@coffeeshop.test', 'staff@coffeeshop.test']);
    expect(await loadDemoAccounts(ctx.database, ctx.config)).toEqual([]);

    for (const account of DEMO_ACCOUNTS) {
      const res = await logIn(ctx.app, account.email, account.password);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: { role: string; displayName: string } }>().data).toMatchObject({
        role: account.role,
        displayName: account.displayName,
      });
    }
    expect(await ctx.database.db.selectFrom('users').select('id').execute()).toHaveLength(2);
  });

  it('gives the demo customer a filled-in profile, so checkout has a delivery address', async () => {
    const customer = DEMO_ACCOUNTS[0];
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { origin: SAME_ORIGIN },
      payload: { email: customer.email, password: customer.password },
    });
    const { token } = login.json<{ data: { token: string } }>().data;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      deliveryAddress: customer.profile.deliveryAddress,
      firstName: customer.profile.firstName,
      gender: 'female',
    });
  });
});
