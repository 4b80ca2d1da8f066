import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_RECORD_KEY, writeLoginRecord } from '../../lib/login-record';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoutes } from '../../testing/render';
import { Navbar } from './navbar';

// The signed-in bar loads lazily. Its module is loaded once up front, so a test waits on the app and not on the test
// runner compiling that module on first use.
beforeAll(async () => {
  await import('./navbar-signed-in');
});

const setup = () =>
  renderRoutes(
    [
      { path: '/', element: <Navbar /> },
      { path: '/login', element: <Navbar /> },
    ],
    '/',
  );

describe('Navbar', () => {
  it('shows the visitor links, Login and Sign Up without a login record', () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Product' }).getAttribute('href')).toBe('/products');
    expect(within(nav).getByRole('link', { name: 'Your Cart' }).getAttribute('href')).toBe('/payment');
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/history');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('button', { name: 'Profile menu' })).toBeNull();
  });

  it('opens and closes the phone menu, announcing its state', async () => {
    const user = userEvent.setup();
    setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Sign Up' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('switches to the signed-in variant when a login record appears; Logout ends the session, removes the record and goes to /login', async () => {
    const user = userEvent.setup();
    const api = stubFetch(() => new Response(null, { status: 204 }));
    const { router } = setup();
    act(() => writeLoginRecord({ id: 3, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null }));

    expect(screen.queryByRole('link', { name: 'Sign Up' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/user');
    expect(screen.getByText('rina@example.com')).toBeTruthy();
    expect(screen.getByText('Rina')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add product' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toBeTruthy();
    expect(api.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /api/v1/auth/logout']);
    expect(localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs out in the browser even when the shop cannot be reached', async () => {
    const user = userEvent.setup();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { router } = setup();
    act(() => writeLoginRecord({ id: 3, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null }));
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toBeTruthy();
    expect(localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows staff the staff entries, Add product and Orders', async () => {
    const user = userEvent.setup();
    setup();
    act(() => writeLoginRecord({ id: 4, email: 'staff@example.com', role: 'staff', staffRole: 'manager', displayName: 'Manager', photoUrl: null }));
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/add-products');
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/staff/orders');
  });

});
