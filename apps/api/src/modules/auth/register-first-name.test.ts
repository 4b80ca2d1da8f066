import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, randomIp } from '../../test/auth.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: randomIp(), headers: { origin: SAME_ORIGIN }, payload });

describe('sign-up asks a first name', () => {
  it('keeps the first name given, so the shop calls the customer by it', async () => {
    const email = `named-${Date.now()}@example.test`;
    expect((await register({ email, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0101', firstName: '  Rina ' })).statusCode).toBe(201);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { origin: SAME_ORIGIN }, payload: { email, password: 'Roasted#Beans-2024' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
    expect(me.json<{ data: { firstName: string } }>().data.firstName).toBe('Rina');
  });

  it('still signs up a client that sends no name, and names the field of one too long', async () => {
    expect((await register({ email: `unnamed-${Date.now()}@example.test`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0102' })).statusCode).toBe(201);
    const long = await register({ email: `long-${Date.now()}@example.test`, password: 'Roasted#Beans-2024', phone: '+62 812 5555 0103', firstName: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ field: string }>().field).toBe('firstName');
  });
});
