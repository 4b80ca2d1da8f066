import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '@coffee/contract';
import { writeLoginRecord } from '../../lib/login-record';
import { settle, stubFetch } from '../../testing/fetch-stub';
import { createCart } from '../../testing/order-factory';
import { jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';
import { createShopSettings } from '@coffee/contract/testing';
import { RootLayout } from './root-layout';

// The signed-in bar, the layout's work (which asks for the shop settings) and the answer's schema load lazily. Their
// modules are loaded once up front, so a test waits on the app and not on the test runner compiling them on first use.
beforeAll(async () => {
  await Promise.all([import('../../components/layout/navbar-signed-in'), import('../layout-sync'), import('@coffee/contract')]);
});

const rina: AuthUser = { id: 3, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null };

/** The layout around a page, with the shop answering `chatUrl` in GET /shop. */
function setup(chatUrl: string | null) {
  const stub = stubFetch((url) => {
    if (url.pathname === '/api/v1/shop') return jsonResponse({ data: createShopSettings({ chatUrl }) });
    if (url.pathname === '/api/v1/auth/session') return jsonResponse({ data: rina });
    if (url.pathname === '/api/v1/cart') return jsonResponse({ data: createCart() });
    return jsonResponse({ message: 'not found' }, 404);
  });
  renderRoutes([{ path: '/', element: <RootLayout />, children: [{ index: true, element: <p>Home page</p> }] }], '/');
  return stub;
}

describe('the chat link in the signed-in navigation', () => {
  it("opens the shop's CHAT_URL in a new tab, from the bar and from the phone menu", async () => {
    const user = userEvent.setup();
    writeLoginRecord(rina);
    setup('https://wa.me/6281234567890');

    // The link comes after the layout's lazy work has asked for the shop settings: a few steps on a busy test machine.
    const chat = await screen.findByRole('link', { name: 'Chat with us' }, { timeout: 5000 });
    expect(chat.getAttribute('href')).toBe('https://wa.me/6281234567890');
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toBe('noopener noreferrer');
    expect(chat.querySelector('svg')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = document.getElementById(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-controls') ?? '');
    const inMenu = within(menu as HTMLElement).getByRole('link', { name: /^Chat with us/ });
    expect(inMenu.getAttribute('href')).toBe('https://wa.me/6281234567890');
    expect(inMenu.getAttribute('target')).toBe('_blank');
  });

  it('is not there when the shop has no chat address', async () => {
    writeLoginRecord(rina);
    const { calls } = setup(null);
    await screen.findByRole('button', { name: 'Profile menu' });
    await settle();
    expect(calls.some((url) => url.pathname === '/api/v1/shop')).toBe(true);
    expect(screen.queryByRole('link', { name: /Chat with us/ })).toBeNull();
  });

  it('is not in the visitor navigation', async () => {
    setup('mailto:hello@coffeeshop.test');
    await within(screen.getByRole('banner')).findByRole('link', { name: 'Sign Up' });
    await settle();
    expect(screen.queryByRole('link', { name: /Chat with us/ })).toBeNull();
    act(() => writeLoginRecord(rina));
    expect((await screen.findByRole('link', { name: 'Chat with us' })).getAttribute('href')).toBe('mailto:hello@coffeeshop.test');
  });
});
