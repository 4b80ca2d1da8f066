import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { Link, MemoryRouter, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { writeLoginRecord } from '../lib/login-record';
import { RequireStaff } from './route-guards';
import { AppRoutes } from './router';

function Broken(): never {
  throw new Error('a screen that crashed');
}

const table: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      { path: '/', element: <p>Home page</p> },
      { path: '/broken', element: <Broken /> },
      { element: <RequireStaff />, children: [{ path: '/reports', handle: { staffRight: 'reports' }, element: <p>Reports</p> }] },
    ],
  },
];

/** The table at `path`, with a link outside it: a move the error screen does not cover (as the browser's Back). */
const renderAt = (path: string) =>
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Link to="/">Elsewhere</Link>
        <AppRoutes table={table} />
      </MemoryRouter>
    </I18nProvider>,
  );

describe('the app router (declarative mode)', () => {
  it('shows the error screen for a screen that throws, and the next page again once the customer moves on', async () => {
    // React reports the caught error on the console; the screen is what the customer sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it("gives a guard its route's handle: a barista is refused the owner's reports, an owner sees them", () => {
    const base = { id: 2, email: 'staff@example.com', role: 'staff', displayName: 'Staff', photoUrl: null } as const;
    writeLoginRecord({ ...base, staffRole: 'barista' });
    const barista = renderAt('/reports');
    expect(screen.getByRole('heading', { name: 'Your role does not include this page' })).toBeTruthy();
    expect(screen.queryByText('Reports')).toBeNull();
    barista.unmount();

    writeLoginRecord({ ...base, staffRole: 'owner' });
    renderAt('/reports');
    expect(screen.getByText('Reports')).toBeTruthy();
  });
});
