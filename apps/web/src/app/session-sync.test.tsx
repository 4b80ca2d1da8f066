import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductResponse } from '@coffee/contract';
import { apiGet } from '../lib/api-client';
import { LOGIN_RECORD_KEY, readLoginRecord, writeLoginRecord } from '../lib/login-record';
import { stubFetch } from '../testing/fetch-stub';
import { jsonResponse } from '../testing/product-factory';
import { renderRoutes } from '../testing/render';
import { SessionSync } from './session-sync';

const record = { id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null };

function Shop() {
  return (
    <>
      <SessionSync />
      <button type="button" onClick={() => void apiGet('/products/1', { schema: ProductResponse }).catch(() => undefined)}>
        Load
      </button>
    </>
  );
}

function LoginPage() {
  const state = useLocation().state as { notice?: string } | null;
  return <p>Login page: {state?.notice}</p>;
}

const setup = () =>
  renderRoutes(
    [
      { path: '/products', element: <Shop /> },
      { path: '/login', element: <LoginPage /> },
    ],
    '/products',
  );

describe('SessionSync', () => {
  it("on a 401 to a signed-in user's call, drops the record and goes to /login saying the session ended", async () => {
    const user = userEvent.setup();
    stubFetch((url) => (url.pathname === '/api/v1/auth/session' ? jsonResponse({ data: record }) : jsonResponse({ message: 'Please sign in to continue' }, 401)));
    writeLoginRecord(record);
    const { router } = setup();

    await user.click(screen.getByRole('button', { name: 'Load' }));

    expect(await screen.findByText('Login page: Your session has ended. Please sign in again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('at start, drops a record whose session the server no longer knows', async () => {
    const api = stubFetch(() => jsonResponse({ data: null }));
    writeLoginRecord(record);
    setup();
    await expect.poll(() => localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
    expect(api.calls.map((u) => u.pathname)).toContain('/api/v1/auth/session');
  });

  it('at start, refreshes a live record (a new role shows without signing in again)', async () => {
    stubFetch(() => jsonResponse({ data: { ...record, role: 'staff' } }));
    writeLoginRecord(record);
    setup();
    await expect.poll(readLoginRecord).toMatchObject({ role: 'staff' });
  });

  it('asks nothing for a visitor', async () => {
    const api = stubFetch(() => jsonResponse({ data: null }));
    setup();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.calls).toHaveLength(0);
  });
});
