import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryMethod } from '@coffee/contract';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { createSlot, createStore, createStoreSlots } from '../../../testing/store-factory';
import { StoreSlotChooser } from './store-slot-chooser';

const thamrin = createStore({ id: 1, name: 'Kopi Thamrin', isDefault: true });
const kemang = createStore({ id: 2, name: 'Kopi Kemang', isDefault: false });
const kiosk = createStore({ id: 3, name: 'Kopi Kiosk', isDefault: false, deliveryMethods: ['pick-up'] });

function Harness({ method, onStore }: { method: DeliveryMethod; onStore: (id: number) => void }) {
  const [storeId, setStoreId] = useState<number | null>(null);
  const [time, setTime] = useState('');
  return (
    <>
      <StoreSlotChooser
        method={method}
        day="2026-11-23"
        time={time}
        storeId={storeId}
        onStoreChange={(id) => {
          setStoreId(id);
          onStore(id);
        }}
        onTimeChange={setTime}
      />
      <output aria-label="chosen time">{time === '' ? 'asap' : time}</output>
    </>
  );
}

function setup(method: DeliveryMethod = 'pick-up') {
  const onStore = vi.fn();
  const stub = stubFetch((url) => {
    if (url.pathname === '/api/v1/stores') return jsonResponse({ data: [thamrin, kemang, kiosk] });
    if (url.pathname === '/api/v1/stores/1/slots') {
      return jsonResponse({
        data: createStoreSlots({
          storeId: 1,
          slots: [createSlot('09:15', { taken: 5, orderable: false }), createSlot('09:30', { taken: 2 }), createSlot('09:45')],
        }),
      });
    }
    if (url.pathname === '/api/v1/stores/2/slots') {
      const slots = [createSlot('09:45'), createSlot('10:00')];
      return jsonResponse({ data: createStoreSlots({ storeId: 2, slots, notice: 'This store is very busy: the next pickup is 09:45.' }) });
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  renderRoutes([{ path: '/payment', element: <Harness method={method} onStore={onStore} /> }], '/payment');
  return { onStore, stub };
}

describe('the store and slot chooser', () => {
  it('starts at the default store, shows "as soon as possible" with its real time, and full slots that cannot be chosen', async () => {
    const { onStore } = setup();
    expect(await screen.findByRole('button', { name: 'As soon as possible (ready about 09:30)' })).toBeTruthy();
    expect(onStore).toHaveBeenCalledWith(1);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Store' }).value).toBe('1');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '09:15 (full)' }).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: '09:45' }));
    expect(screen.getByRole('status', { name: 'chosen time' }).textContent).toBe('09:45');
    expect(screen.getByRole('button', { name: '09:45' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("another store shows its own slots and says honestly that it is busy", async () => {
    const { onStore } = setup();
    await screen.findByRole('button', { name: /As soon as possible/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'Kopi Kemang');
    expect(onStore).toHaveBeenLastCalledWith(2);
    expect(await screen.findByText('This store is very busy: the next pickup is 09:45.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'As soon as possible (ready about 09:45)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '10:00' })).toBeTruthy();
  });

  it('offers only the stores that offer the delivery method', async () => {
    setup('dine-in');
    await screen.findByRole('button', { name: /As soon as possible/ });
    const options = screen.getAllByRole<HTMLOptionElement>('option').map((o) => o.textContent);
    expect(options).toEqual(['Kopi Thamrin', 'Kopi Kemang']);
  });
});
