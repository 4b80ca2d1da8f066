import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, signUpAndSignIn } from '../../test/auth.js';
import { createTestApp, useTestApp } from '../../test/test-app.js';
import { FIRST_OWNER_ROLE, SETUP_LINK_HOURS } from './first-owner.service.js';

/** The shop's clock, moved by the tests (a link expires after SETUP_LINK_HOURS). */
let now = new Date('2026-11-23T02:00:00Z');
const ctx = useTestApp({ DEMO_ACCOUNTS: '' }, { now: () => now });

const STRONG = 'Tamarind-Lantern-Orbit-58';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const open = (token: string) => ctx.app.inject({ method: 'GET', url: `/setup/${token}` });
const submit = (token: string, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/setup/${token}`,
    headers: { origin: SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { origin: SAME_ORIGIN }, payload: { email, password } });
const staffCount = async () => (await ctx.database.db.selectFrom('users').select('id').where('role', '=', 'staff').execute()).length;

describe('the first staff account, through a one-time setup link', () => {
  it('refuses an unknown link, and a link past its hours', async () => {
    expect((await open('not-a-token')).statusCode).toBe(404);
    const token = (await ctx.app.firstOwnerSetup.issueLink())!;
    expect((await open(token)).statusCode).toBe(200);
    now = new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000 + 1000);
    const expired = await open(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('was used or has expired');
    expect((await submit(token, { email: 'late@example.com', password: STRONG })).statusCode).toBe(404);
    expect(await staffCount()).toBe(0);
  });

  it('asks again, keeping the email, when the password is weak or the email is not one', async () => {
    const token = (await ctx.app.firstOwnerSetup.issueLink())!;
    const page = await open(token);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<form method="post">');

    const weak = await submit(token, { email: 'owner@kopi.example', password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('value="owner@kopi.example"');
    expect(weak.body).toMatch(/class="problem" id="password-problem">[^<]*Choose a longer password/);
    const notEmail = await submit(token, { email: 'owner at kopi', password: STRONG });
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.body).toContain('Enter the email address you will sign in with');
    // Markup in what was typed comes back as text.
    expect((await submit(token, { email: '"><script>x</script>', password: 'x' })).body).not.toContain('<script>x');
    expect(await staffCount()).toBe(0);
  });

  it('creates the staff account once; then every link answers "already set up" and no new one is printed', async () => {
    const first = (await ctx.app.firstOwnerSetup.issueLink())!;
    const second = (await ctx.app.firstOwnerSetup.issueLink())!;
    const made = await submit(first, { email: 'Owner@Kopi.example', password: STRONG });
    expect(made.statusCode).toBe(201);
    expect(made.body).toContain('owner@kopi.example');

    const signedIn = await signIn('owner@kopi.example', STRONG);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ data: { role: string } }>().data.role).toBe(FIRST_OWNER_ROLE);

    for (const token of [first, second]) {
      const again = await open(token);
      expect(again.statusCode).toBe(404);
      expect(again.body).toContain('already set up');
      expect((await submit(token, { email: 'second@kopi.example', password: STRONG })).statusCode).toBe(404);
    }
    expect(await ctx.app.firstOwnerSetup.issueLink()).toBeNull();
    expect(await staffCount()).toBe(1);
  });
});

describe('two owners submitting at the same moment', () => {
  it('makes one staff account, whichever link each used', async () => {
    const race = await createTestApp({ DEMO_ACCOUNTS: '' });
    try {
      const links = await Promise.all([1, 2, 3, 4].map(() => race.app.firstOwnerSetup.issueLink()));
      const answers = await Promise.all(
        links.map((token, i) =>
          race.app.inject({
            method: 'POST',
            url: `/setup/${token}`,
            headers: { origin: SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
            payload: form({ email: `owner${i}@kopi.example`, password: STRONG }),
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 404, 404, 404]);
      const staff = await race.database.db.selectFrom('users').select('email').where('role', '=', 'staff').execute();
      expect(staff).toHaveLength(1);
    } finally {
      await race.close();
    }
  });

  it('is not offered once a staff account exists (made with npm run user:create, say)', async () => {
    const made = await createTestApp({ DEMO_ACCOUNTS: '' });
    try {
      await signUpAndSignIn(made, { role: 'staff' });
      expect(await made.app.firstOwnerSetup.issueLink()).toBeNull();
    } finally {
      await made.close();
    }
  });
});
