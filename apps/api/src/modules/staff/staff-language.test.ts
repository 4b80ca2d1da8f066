import type { ErrorResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { expectRefusedInBothLanguages, INDONESIAN } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('the staff refusals', () => {
  it('name the colleague already on the staff in Bahasa Indonesia, and in English without a language', async () => {
    const [owner, barista] = await Promise.all([signUpAndSignIn(ctx, { role: 'staff', staffRole: 'owner' }), signUpAndSignIn(ctx, { role: 'staff', staffRole: 'barista' })]);
    const invite = { method: 'POST' as const, url: '/api/v1/staff/invitations', headers: owner.headers, payload: { email: barista.email, staffRole: 'manager' } };
    await expectRefusedInBothLanguages(ctx.app, invite, 409, {
      english: { message: `${barista.email} is on the staff already: change their role instead`, field: 'email' },
      indonesian: { message: `${barista.email} sudah menjadi staf: ubah perannya saja`, field: 'email' },
    });
  });

  it("tell a barista what only the owner may do, in the barista's language", async () => {
    const barista = await signUpAndSignIn(ctx, { role: 'staff', staffRole: 'barista' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/members', headers: { ...barista.headers, ...INDONESIAN } });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorResponse>().message).toBe('Hanya pemilik yang dapat mengelola staf');
  });
});
