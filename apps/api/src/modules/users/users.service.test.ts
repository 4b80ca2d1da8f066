import { describe, expect, it } from 'vitest';
import { logIn } from '../../test/auth.js';
import { useTestApp } from '../../test/test-app.js';
import { createUserRepository } from './users.repository.js';
import { createUserService } from './users.service.js';

const ctx = useTestApp();
const userService = () =>
  createUserService({ db: ctx.database.db, userRepository: createUserRepository(ctx.database.db), uploadsDir: ctx.config.uploadsDir, now: () => new Date() });

describe('findOrCreateUserByVerifiedEmail (the seam for sign-in providers)', () => {
  it('makes one password-less customer account per email and finds it again, ignoring case', async () => {
    const users = userService();
    const first = await users.findOrCreateUserByVerifiedEmail('Provider.User@Example.test');
    const again = await users.findOrCreateUserByVerifiedEmail('provider.user@example.test');
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ email: 'provider.user@example.test', role: 'customer', passwordHash: null });

    // No password means no password sign-in, and the same answer as any wrong password.
    const res = await logIn(ctx.app, 'provider.user@example.test', 'Anything-At-All-1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Email or password is incorrect' });
  });

  it('signs into an existing password account with the same email', async () => {
    const users = userService();
    const created = await users.createUserAccount({
      email: 'has-password@example.test',
      password: 'Kopi-Susu-Gula-Aren',
      phone: '0812 3456 7890',
      role: 'staff',
    });
    const found = await users.findOrCreateUserByVerifiedEmail('HAS-PASSWORD@example.test');
    expect(found.id).toBe(created?.id);
    expect(found.role).toBe('staff');
  });
});
