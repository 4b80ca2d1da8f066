import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { createStore } from '../../../testing/store-factory';
import { StoreRushControls } from './store-rush-controls';

describe('Staff rush controls', () => {
  it('pauses until a time typed on the 24-hour clock, and says how to write one it cannot read', async () => {
    const user = userEvent.setup();
    const store = createStore({ id: 5, name: 'Kopi Kota' });
    writeLoginRecord({ id: 9, email: 'staff@example.com', role: 'staff', displayName: 'Staff', photoUrl: null });
    const { requests } = stubFetch((url, request) =>
      request.method === 'PUT' ? jsonResponse({ data: { ...store, paused: true } }) : jsonResponse({ data: [store] }),
    );
    renderRoutes([{ path: '/staff/stores', element: <StoreRushControls /> }], '/staff/stores');
    const until = await screen.findByLabelText('Pause until');

    // A browser in en-US would have drawn 02:30 PM; here a 12-hour time typed with pm is read, and 14:75 is not a time.
    await user.type(until, '14:75');
    await user.click(screen.getByRole('button', { name: 'Pause until then' }));
    expect(screen.getByText('Write the time as HH:MM on the 24-hour clock, e.g. 19:30.')).toBeTruthy();
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(until);
    await user.type(until, '2:30 pm');
    await user.click(screen.getByRole('button', { name: 'Pause until then' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ paused: true, pausedUntil: '2026-11-23T14:30', extraPrepMinutes: 0 }),
    );
    expect((until as HTMLInputElement).value).toBe('14:30');
  });
});
