import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Store } from '@coffee/contract';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { createStore } from '../../../testing/store-factory';
import { StoreAdmin } from './store-admin';

function setup(stores: Store[], onWrite: (method: string, path: string, body: unknown) => Response) {
  writeLoginRecord({ id: 9, email: 'staff@example.com', role: 'staff', displayName: 'Staff', photoUrl: null });
  const stub = stubFetch((url, request) => {
    if (request.method !== 'GET') return onWrite(request.method, url.pathname, request.body);
    return url.pathname === '/api/v1/stores' ? jsonResponse({ data: stores }) : jsonResponse({ message: 'not found' }, 404);
  });
  renderRoutes([{ path: '/staff/stores', element: <StoreAdmin /> }], '/staff/stores');
  return stub;
}

describe('Staff store settings', () => {
  it('adds a store with its address, map position, clock, hours, closures and capacity', async () => {
    const user = userEvent.setup();
    const { requests } = setup([createStore({ id: 1, name: 'Kopi Thamrin' })], (_method, _path, body) =>
      jsonResponse({ data: createStore({ ...(body as object), id: 7, timeZone: 'Asia/Makassar' }) }, 201),
    );
    await user.click(await screen.findByRole('button', { name: 'Add a store' }));
    const form = screen.getByRole('form', { name: 'New store' });
    await user.type(within(form).getByLabelText('Name'), 'Kopi Losari');
    await user.type(within(form).getByLabelText('Address'), 'Jl. Penghibur No. 3, Makassar');
    await user.type(within(form).getByLabelText('Latitude'), '-5.1427');
    await user.type(within(form).getByLabelText('Longitude'), '119.4068');
    await user.selectOptions(within(form).getByLabelText('Time zone'), 'Makassar (WITA)');
    await user.click(within(form).getByRole('checkbox', { name: 'Door Delivery' }));
    // Open Monday to Friday only, Friday until 22:00.
    const opening = within(form).getByRole('group', { name: 'Opening hours (Dine in and Pick up)' });
    await user.click(within(opening).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(opening).getByRole('checkbox', { name: 'Sunday' }));
    const fridayTo = within(opening).getByLabelText('Opening hours (Dine in and Pick up): Friday to');
    // Text on the 24-hour clock, whatever the browser's language: '2200' is read as 22:00.
    await user.clear(fridayTo);
    await user.type(fridayTo, '2200');
    // No deliveries on Monday.
    const delivery = within(form).getByRole('group', { name: 'Delivery hours (Door Delivery)' });
    await user.click(within(delivery).getByRole('checkbox', { name: 'Monday' }));
    // Days are written day first.
    await user.type(within(form).getByLabelText('Closure date'), '25/12/2026');
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    expect(within(form).getByText('Fri 25 Dec 2026')).toBeTruthy();
    const pickUp = within(form).getByLabelText('Pick up orders per slot');
    await user.clear(pickUp);
    await user.type(pickUp, '8');
    await user.click(within(form).getByRole('button', { name: 'Add the store' }));

    expect(await screen.findByText('Kopi Losari is added: customers can choose it now.')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/stores');
    expect(post?.body).toEqual({
      name: 'Kopi Losari',
      address: 'Jl. Penghibur No. 3, Makassar',
      latitude: -5.1427,
      longitude: 119.4068,
      phone: '',
      timeZone: 'Asia/Makassar',
      deliveryMethods: ['dine-in', 'door-delivery', 'pick-up'],
      openingHours: [
        { day: 1, from: '09:00', to: '18:00' },
        { day: 2, from: '09:00', to: '18:00' },
        { day: 3, from: '09:00', to: '18:00' },
        { day: 4, from: '09:00', to: '18:00' },
        { day: 5, from: '09:00', to: '22:00' },
      ],
      deliveryHours: [2, 3, 4, 5].map((day) => ({ day, from: '13:00', to: '19:00' })),
      closedDates: ['2026-12-25'],
      slotMinutes: 15,
      capacityPerSlot: { 'dine-in': 10, 'door-delivery': 5, 'pick-up': 8 },
      leadMinutes: 10,
    });
    // Many fields typed key by key: more than the default 5 s on a busy machine.
  }, 20_000);

  it("shows the server's refusals as sentences beside the weekday and the field at fault", async () => {
    const user = userEvent.setup();
    const store = createStore({
      id: 2,
      name: 'Kopi Kemang',
      // Closed on Monday: Wednesday is the third day sent, index 2.
      openingHours: [2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '18:00' })),
    });
    const { requests } = setup([store], () =>
      jsonResponse(
        {
          message: 'Opening hours must close after it opens',
          field: 'openingHours.1.to',
          errors: [
            { field: 'openingHours.1.to', message: 'must close after it opens' },
            { field: 'capacityPerSlot.pick-up', message: 'must be at most 500 orders' },
          ],
        },
        400,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Kopi Kemang' }));
    const form = screen.getByRole('form', { name: 'Settings of Kopi Kemang' });
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Kopi Kemang');
    const opening = within(form).getByRole('group', { name: 'Opening hours (Dine in and Pick up)' });
    expect(within(opening).getByRole<HTMLInputElement>('checkbox', { name: 'Monday' }).checked).toBe(false);
    const wednesdayTo = within(opening).getByLabelText('Opening hours (Dine in and Pick up): Wednesday to');
    await user.clear(wednesdayTo);
    await user.type(wednesdayTo, '08:00');
    const pickUp = within(form).getByLabelText('Pick up orders per slot');
    await user.clear(pickUp);
    await user.type(pickUp, '900');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await within(opening).findByText('Opening hours on Wednesday must close after it opens');
    const describedBy = (wednesdayTo.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      '24-hour clock, HH:MM (e.g. 09:00 to 21:30)',
      'Opening hours on Wednesday must close after it opens',
    ]);
    expect(within(form).getByLabelText('Pick up orders per slot').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Pick up orders per slot must be at most 500 orders')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.url.pathname).toBe('/api/v1/stores/2');
    // Nothing about the API's field names reaches the screen.
    expect(form.textContent).not.toMatch(/openingHours|capacityPerSlot/);
  });

  it('asks for a 24-hour time and a day-first date before sending hours or a closure it cannot read', async () => {
    const user = userEvent.setup();
    const { requests } = setup([createStore({ id: 4, name: 'Kopi Blok M' })], () => jsonResponse({ message: 'unexpected' }, 500));
    await user.click(await screen.findByRole('button', { name: 'Edit Kopi Blok M' }));
    const form = screen.getByRole('form', { name: 'Settings of Kopi Blok M' });
    const closure = within(form).getByLabelText('Closure date');
    // Month first, as a browser in en-US would show it: no 26th month.
    await user.type(closure, '12/26/2026');
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    expect(within(form).getByText('Write the day as DD/MM/YYYY, e.g. 26/11/2026.')).toBeTruthy();
    expect(closure.getAttribute('aria-invalid')).toBe('true');

    const opening = within(form).getByRole('group', { name: 'Opening hours (Dine in and Pick up)' });
    const tuesdayFrom = within(opening).getByLabelText('Opening hours (Dine in and Pick up): Tuesday from');
    await user.clear(tuesdayFrom);
    await user.type(tuesdayFrom, '25:00');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(opening).findByText('Tuesday: write the time as HH:MM on the 24-hour clock, e.g. 19:30.')).toBeTruthy();
    expect(tuesdayFrom.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });

  it('asks for a number before sending a position that is not one', async () => {
    const user = userEvent.setup();
    const { requests } = setup([createStore({ id: 3, name: 'Kopi Senopati' })], () => jsonResponse({ message: 'unexpected' }, 500));
    await user.click(await screen.findByRole('button', { name: 'Edit Kopi Senopati' }));
    const latitude = screen.getByLabelText('Latitude');
    await user.clear(latitude);
    await user.type(latitude, 'south of Jakarta');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Latitude must be a number, such as -6.2297')).toBeTruthy();
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });
});
