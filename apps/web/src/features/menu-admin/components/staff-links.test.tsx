import { Suspense } from 'react';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startLanguage } from '../../../lib/i18n';
import { writeLoginRecord } from '../../../lib/login-record';
import { renderRoutes } from '../../../testing/render';
import { StaffAddProductLink, StaffEditProductBar } from './staff-links';

const signInAs = (staffRole: 'manager' | 'barista') =>
  writeLoginRecord({ id: 2, email: 'staff@example.com', role: 'staff', staffRole, displayName: 'Staff', photoUrl: null });

const routes = [
  {
    path: '/',
    element: (
      <Suspense fallback={null}>
        <StaffAddProductLink />
        <StaffEditProductBar productId={7} />
      </Suspense>
    ),
  },
];

/** Rendered in an awaited act: the links suspend until the staff words are in (React runs the retry inside it). */
const renderLinks = async () => {
  let view: ReturnType<typeof renderRoutes> | undefined;
  await act(() => {
    view = renderRoutes(routes, '/');
    return Promise.resolve();
  });
  return view!;
};

describe('the staff links on the shop screens', () => {
  afterEach(async () => {
    await startLanguage('en', ['shop', 'account', 'staff', 'contract']);
  });

  it('offers a manager Add product and Edit product, and a barista neither', async () => {
    signInAs('manager');
    const view = await renderLinks();
    expect((await screen.findByRole('link', { name: 'Add product' })).getAttribute('href')).toBe('/add-products');
    expect(screen.getByRole('link', { name: 'Edit product' }).getAttribute('href')).toBe('/edit-products/7');
    view.unmount();

    signInAs('barista');
    await renderLinks();
    expect(screen.queryByRole('link', { name: 'Add product' })).toBeNull();
  });

  it('words them in Indonesian', async () => {
    await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
    signInAs('manager');
    await renderLinks();
    expect(await screen.findByRole('link', { name: 'Tambah produk' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ubah produk' })).toBeTruthy();
  });
});
