import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResetPasswordRoute } from './reset-password';
import { LoginRoute } from './login';
import { LOGIN_RECORD_KEY, writeLoginRecord } from '../../lib/login-record';
import { stubFetch } from '../../testing/fetch-stub';
import { jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';

const DONE = 'Your password has been changed. Sign in with your new password.';
const DEAD = 'This password reset link is invalid, has expired or was already used. Ask for a new link.';

function setup(path: string, reset: () => Response) {
  const api = stubFetch((url) => (url.pathname === '/api/v1/auth/reset-password' ? reset() : jsonResponse({ data: { enabled: false, providerName: 'Google', startUrl: null } })));
  const view = renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/login', element: <LoginRoute /> },
      { path: '/forgot-password', element: <p>Forgot password page</p> },
    ],
    path,
  );
  return { ...view, api };
}

async function choose(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save New Password' }));
  return user;
}

describe('Reset password', () => {
  it('sends the token with the new password, then goes to /login with a notice', async () => {
    writeLoginRecord({ id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
    const { api, router } = setup('/reset-password?token=abc123', () => jsonResponse({ data: { message: DONE } }));
    await choose('Second-Roast-2025');

    expect(await screen.findByText(DONE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.requests.find((r) => r.url.pathname === '/api/v1/auth/reset-password')?.body).toEqual({ token: 'abc123', password: 'Second-Roast-2025' });
    // The reset ended every session, this browser's too.
    expect(localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('says clearly when the link is used or expired, with a way to a new one', async () => {
    const user = userEvent.setup();
    setup('/reset-password?token=old', () => jsonResponse({ message: DEAD, field: 'token' }, 400));
    await choose('Second-Roast-2025');
    expect((await screen.findByRole('alert')).textContent).toContain(DEAD);
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(screen.getByText('Forgot password page')).toBeTruthy();
  });

  it('checks that both passwords match before sending', async () => {
    const { api } = setup('/reset-password?token=abc123', () => jsonResponse({ data: { message: DONE } }));
    await choose('Second-Roast-2025', 'Second-Roast-2024');
    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
    expect(api.requests.some((r) => r.url.pathname === '/api/v1/auth/reset-password')).toBe(false);
  });

  it('explains a link without its token', () => {
    setup('/reset-password', () => jsonResponse({ data: { message: DONE } }));
    expect(screen.getByRole('alert').textContent).toContain('This password reset link is incomplete.');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
