import { act, screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { removeLoginRecord, writeLoginRecord } from '../lib/login-record';
import { renderRoutes } from '../testing/render';
import { RequireLogin, RequireStaff, RequireVisitor } from './route-guards';

const customer = { id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null };
const staff = { id: 2, email: 'staff@example.com', role: 'staff', displayName: 'Barista', photoUrl: null };

function LoginPage() {
  const state = useLocation().state as { notice?: string; from?: string } | null;
  return (
    <p>
      Login page: {state?.notice ?? 'no notice'} (from {state?.from ?? 'nowhere'})
    </p>
  );
}

const setup = (path: string) =>
  renderRoutes(
    [
      {
        element: <Outlet />,
        children: [
          { path: '/', element: <p>Home page</p> },
          {
            element: <RequireLogin />,
            children: [
              { path: '/user', element: <p>Profile page</p> },
              { path: '/payment', element: <p>Cart page</p> },
              { path: '/history', element: <p>History page</p> },
              { element: <RequireStaff />, children: [{ path: '/add-products', element: <p>Add product form</p> }] },
            ],
          },
          { element: <RequireVisitor />, children: [{ path: '/login', element: <LoginPage /> }, { path: '/register', element: <p>Register page</p> }] },
        ],
      },
    ],
    path,
  );

describe('route guards', () => {
  it.each(['/user', '/payment', '/history', '/add-products'])('sends a visitor from %s to /login', (path) => {
    const { router } = setup(path);
    expect(router.state.location.pathname).toBe('/login');
    // Login sends the customer back here afterwards.
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent(path)}`);
    expect(screen.getByText(`Login page: Please sign in to continue. (from ${path})`)).toBeTruthy();
  });

  it.each(['/login', '/register'])('sends a signed-in user from %s to /', (path) => {
    writeLoginRecord(customer);
    const { router } = setup(path);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('sends a signed-in user on /login?returnTo= to that place: a sign-in there lands where the customer was', () => {
    writeLoginRecord(customer);
    const { router } = setup('/login?returnTo=%2Fpayment');
    expect(router.state.location.pathname).toBe('/payment');
    expect(screen.getByText('Cart page')).toBeTruthy();
  });

  it('shows a customer a staff-only page on /add-products, staying there (no redirect loop)', async () => {
    writeLoginRecord(customer);
    const { router } = setup('/add-products');
    expect(await screen.findByRole('heading', { name: 'This page is for shop staff' })).toBeTruthy();
    expect(screen.queryByText('Add product form')).toBeNull();
    expect(router.state.location.pathname).toBe('/add-products');
  });

  it('lets staff in', async () => {
    writeLoginRecord(staff);
    setup('/add-products');
    expect(await screen.findByText('Add product form')).toBeTruthy();
  });

  it('follows the record: removing it on a protected page goes to /login, saying why when the session ended', () => {
    writeLoginRecord(customer);
    const { router } = setup('/user');
    expect(screen.getByText('Profile page')).toBeTruthy();
    act(() => removeLoginRecord('session-ended'));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Login page: Your session has ended. Please sign in again. (from /user)')).toBeTruthy();
  });
});
