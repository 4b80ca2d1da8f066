import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginRoute } from './login';
import { LOGIN_RECORD_KEY } from '../../lib/login-record';
import { stubFetch } from '../../testing/fetch-stub';
import { jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';

const record = { id: 7, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null };

function setup(options: { login?: () => Response; oidc?: object; path?: string } = {}) {
  const oidc = options.oidc ?? { enabled: false, providerName: 'Google', startUrl: null };
  const api = stubFetch((url) =>
    url.pathname === '/api/v1/auth/oidc' ? jsonResponse({ data: oidc }) : (options.login ?? (() => jsonResponse({ data: record })))(),
  );
  const view = renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/payment', element: <p>Checkout page</p> },
    ],
    options.path ?? '/login',
  );
  return { ...view, api };
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('Login', () => {
  it('stores the answer\'s data whole under @userLogin and goes to /', async () => {
    const { router, api } = setup();
    await signIn('rina@example.com', 'latte-art-2024');

    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(JSON.parse(localStorage.getItem(LOGIN_RECORD_KEY) ?? 'null')).toEqual(record);
    const login = api.requests.find((r) => r.url.pathname === '/api/v1/auth/login');
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ email: 'rina@example.com', password: 'latte-art-2024' });
  });

  it('goes back where the customer was (the checkout), and offers Sign Up keeping that place', async () => {
    const { router } = setup({ path: '/login?returnTo=%2Fpayment' });
    expect(screen.getByRole('link', { name: 'Sign up here' }).getAttribute('href')).toBe('/register?returnTo=%2Fpayment');
    await signIn('rina@example.com', 'latte-art-2024');
    expect(await screen.findByText('Checkout page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('goes home when returnTo points at another site', async () => {
    const { router } = setup({ path: '/login?returnTo=https%3A%2F%2Fevil.example%2F' });
    await signIn('rina@example.com', 'latte-art-2024');
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's message in a closable alert-danger banner, and stores nothing", async () => {
    const { router } = setup({ login: () => jsonResponse({ message: 'Email or password is incorrect' }, 401) });
    const user = await signIn('rina@example.com', 'wrong-password');

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Email or password is incorrect');
    expect(banner.className).toContain('alert-danger');
    expect(localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has the Forgot Password and Sign up here links', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up here' }).getAttribute('href')).toBe('/register');
  });

  it('makes Login with Google a link to the API start address when a provider is set up', async () => {
    setup({ oidc: { enabled: true, providerName: 'Google', startUrl: '/api/v1/auth/oidc/start' } });
    const google = await screen.findByRole('link', { name: 'Login with Google' });
    expect(google.getAttribute('href')).toBe('/api/v1/auth/oidc/start');
  });

  it('explains a failed provider sign-in from ?error=, and only for known codes', async () => {
    setup({ path: '/login?error=oidc_cancelled' });
    expect((await screen.findByRole('alert')).textContent).toContain('Signing in with Google was cancelled.');
  });
});
