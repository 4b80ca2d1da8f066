import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { createStore } from '../../../testing/store-factory';
import { StoreList } from './store-list';

describe('the stores page', () => {
  it("shows each store's address, today's hours, whether it is open now, and a rush honestly", async () => {
    stubFetch((url) =>
      url.pathname === '/api/v1/stores'
        ? jsonResponse({
            data: [
              createStore({ id: 1, name: 'Kopi Thamrin' }),
              createStore({
                id: 2,
                name: 'Kopi Kemang',
                address: 'Jl. Kemang Raya No. 8, Jakarta Selatan',
                today: { date: '2026-11-23', hours: { from: '07:00', to: '21:00' }, openNow: true },
                extraPrepMinutes: 20,
                notice: 'This store is very busy: the next pickup is 09:10.',
              }),
              createStore({ id: 3, name: 'Kopi Blok M Kiosk', today: { date: '2026-11-23', hours: null, openNow: false } }),
              createStore({ id: 4, name: 'Kopi Senopati', paused: true, notice: 'This store is not taking online orders until 10:30.' }),
            ],
          })
        : jsonResponse({ message: 'not found' }, 404),
    );
    renderRoutes([{ path: '/stores', element: <StoreList /> }], '/stores');

    const kemang = await screen.findByRole('article', { name: 'Kopi Kemang' });
    expect(within(kemang).getByText('Jl. Kemang Raya No. 8, Jakarta Selatan')).toBeTruthy();
    expect(within(kemang).getByText('Today 07:00–21:00')).toBeTruthy();
    expect(within(kemang).getByText('Open now')).toBeTruthy();
    expect(within(kemang).getByRole('status').textContent).toBe('This store is very busy: the next pickup is 09:10.');

    const kiosk = screen.getByRole('article', { name: 'Kopi Blok M Kiosk' });
    expect(within(kiosk).getByText('Closed today')).toBeTruthy();
    expect(within(kiosk).getByText('Closed now')).toBeTruthy();

    const senopati = screen.getByRole('article', { name: 'Kopi Senopati' });
    expect(within(senopati).getByRole('status').textContent).toBe('This store is not taking online orders until 10:30.');
    expect(within(screen.getByRole('article', { name: 'Kopi Thamrin' })).queryByRole('status')).toBeNull();
  });

  it('says when the stores cannot be loaded and offers to try again', async () => {
    stubFetch(() => jsonResponse({ message: 'Something went wrong on our side. Please try again.' }, 500));
    renderRoutes([{ path: '/stores', element: <StoreList /> }], '/stores');
    expect(await screen.findByText("We couldn't load the stores")).toBeTruthy();
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
