import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, startLanguage } from '../../lib/i18n';
import { writeLoginRecord } from '../../lib/login-record';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoutes } from '../../testing/render';
import { Navbar } from './navbar';

// The signed-in bar loads on demand: loaded once up front, so a test waits on the app only.
beforeAll(async () => {
  await import('./navbar-signed-in');
});

afterEach(async () => {
  // Back to the English the other tests read.
  await startLanguage('en', ['shop', 'account', 'staff', 'contract']);
  document.documentElement.lang = 'en';
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
});

const setup = () => renderRoutes([{ path: '/', element: <Navbar /> }], '/');
const cookieLanguage = () => new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];

describe('the language switch', () => {
  it('shows the navigation in Indonesian, and remembers the choice in the lang cookie and <html lang>', async () => {
    const user = userEvent.setup();
    const api = stubFetch(() => new Response(null, { status: 204 }));
    setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Bahasa Indonesia/ }));

    const utama = await screen.findByRole('navigation', { name: 'Utama' });
    expect(within(utama).getByRole('link', { name: 'Beranda' }).getAttribute('href')).toBe('/');
    expect(within(utama).getByRole('link', { name: 'Produk' }).getAttribute('href')).toBe('/products');
    expect(within(utama).getByRole('link', { name: 'Keranjang Anda' }).getAttribute('href')).toBe('/payment');
    expect(within(utama).getByRole('link', { name: 'Riwayat' }).getAttribute('href')).toBe('/history');
    expect(screen.getByRole('link', { name: 'Masuk' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Daftar' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Cari produk' }).getAttribute('placeholder')).toBe('Cari');
    // Now it offers English back.
    expect(screen.getByRole('button', { name: /English/ })).toBeTruthy();
    expect(cookieLanguage()).toBe('id');
    expect(document.documentElement.lang).toBe('id');
    // A visitor has no profile to update.
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("saves a signed-in customer's choice in their profile: PATCH /api/v1/users/me with { language: 'id' }", async () => {
    const user = userEvent.setup();
    const api = stubFetch(() => new Response(null, { status: 204 }));
    setup();
    act(() => writeLoginRecord({ id: 3, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null }));
    await screen.findByRole('button', { name: 'Profile menu' });

    await user.click(screen.getByRole('button', { name: /Bahasa Indonesia/ }));

    expect(await screen.findByRole('button', { name: 'Menu profil' })).toBeTruthy();
    // The profile's API is loaded on demand too: its first load may take a while on a busy machine.
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PATCH')).toBe(true), { timeout: 5000 });
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/v1/users/me');
    expect(patch?.body).toEqual({ language: 'id' });
    expect(cookieLanguage()).toBe('id');
    expect(document.documentElement.lang).toBe('id');
  });
});
