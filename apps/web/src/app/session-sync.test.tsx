import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductResponse } from '@coffee/contract';
import { apiGet } from '../lib/api-client';
import { i18n, startLanguage } from '../lib/i18n';
import { LOGIN_RECORD_KEY, readLoginRecord, writeLoginRecord } from '../lib/login-record';
import { settle, stubFetch } from '../testing/fetch-stub';
import { jsonResponse } from '../testing/product-factory';
import { renderRoutes } from '../testing/render';
import { SessionSync } from './session-sync';
import { NotFoundRoute } from './routes/not-found';

const record = { id: 1, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null };
/** GET /users/me: Rina's profile, whose language is `language`. */
const profile = (language: 'en' | 'id') => ({
  id: 1,
  email: 'rina@example.com',
  role: 'customer',
  phone: '',
  deliveryAddress: '',
  displayName: 'Rina',
  firstName: '',
  lastName: '',
  dateOfBirth: null,
  gender: null,
  photoUrl: null,
  orderEmails: true,
  language,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

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
  afterEach(async () => {
    await startLanguage('en', ['shop', 'account', 'staff', 'contract']);
    document.documentElement.lang = 'en';
    document.cookie = 'lang=; Path=/; Max-Age=0';
  });

  it("on a 401 to a signed-in user's call, drops the record and goes to /login saying the session ended", async () => {
    const user = userEvent.setup();
    stubFetch((url) => {
      if (url.pathname === '/api/v1/auth/session') return jsonResponse({ data: record });
      if (url.pathname === '/api/v1/users/me') return jsonResponse({ data: profile('en') });
      return jsonResponse({ message: 'Please sign in to continue' }, 401);
    });
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

  it("at start, a live session's profile language switches the screens to it (Indonesian)", async () => {
    const api = stubFetch((url) => jsonResponse({ data: url.pathname === '/api/v1/users/me' ? profile('id') : record }));
    writeLoginRecord(record);
    renderRoutes([{ path: '*', element: <><SessionSync /><NotFoundRoute /></> }], '/nowhere');
    expect(screen.getByText('Page Not Found')).toBeTruthy();

    expect(await screen.findByText('Halaman Tidak Ditemukan')).toBeTruthy();
    expect(i18n.locale).toBe('id');
    expect(document.documentElement.lang).toBe('id');
    expect(document.cookie).toContain('lang=id');
    // The profile is asked for once the session is known to be live.
    expect(api.calls.map((u) => u.pathname).slice(0, 2)).toEqual(['/api/v1/auth/session', '/api/v1/users/me']);
  });

  it("a sign-in switches the screens to the account's language; the same language switches nothing", async () => {
    const api = stubFetch((url) => jsonResponse({ data: url.pathname === '/api/v1/users/me' ? profile('id') : record }));
    renderRoutes([{ path: '*', element: <><SessionSync /><NotFoundRoute /></> }], '/nowhere');
    expect(api.calls).toHaveLength(0);

    act(() => writeLoginRecord(record));

    expect(await screen.findByRole('link', { name: 'Kembali ke Beranda' })).toBeTruthy();
    expect(api.calls.map((u) => u.pathname)).toEqual(['/api/v1/users/me']);
  });

  it('leaves the screens in their language when the profile has the same one', async () => {
    stubFetch((url) => jsonResponse({ data: url.pathname === '/api/v1/users/me' ? profile('en') : record }));
    writeLoginRecord(record);
    renderRoutes([{ path: '*', element: <><SessionSync /><NotFoundRoute /></> }], '/nowhere');
    await settle();
    expect(i18n.locale).toBe('en');
    expect(screen.getByText('Page Not Found')).toBeTruthy();
  });
});
