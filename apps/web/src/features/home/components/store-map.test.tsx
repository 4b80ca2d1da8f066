import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startLanguage } from '../../../lib/i18n';
import { renderRoutes } from '../../../testing/render';
import { createStore } from '../../../testing/store-factory';
import { StoreMap, pinPositions } from './store-map';

const thamrin = createStore({ id: 1, name: 'Kopi Thamrin', latitude: -6.1944, longitude: 106.8229, isDefault: true });
const kemang = createStore({ id: 2, name: 'Kopi Kemang', latitude: -6.2607, longitude: 106.8137, isDefault: false });
const gading = createStore({ id: 3, name: 'Kopi Kelapa Gading', latitude: -6.1588, longitude: 106.9056, isDefault: false });

describe('the store map', () => {
  it('puts each pin where its store is: north up, east right, all inside the picture', () => {
    const pins = pinPositions([thamrin, kemang, gading]);
    const [t, k, g] = [pins.get(1), pins.get(2), pins.get(3)];
    expect(k!.y).toBeGreaterThan(t!.y); // Kemang is south of Thamrin
    expect(g!.x).toBeGreaterThan(t!.x); // Kelapa Gading is east
    expect(g!.y).toBeLessThan(t!.y); // and north
    for (const p of pins.values()) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(1200);
      expect(p.y).toBeGreaterThanOrEqual(50); // the pin's head (50 units above its point) stays on the picture
      expect(p.y).toBeLessThanOrEqual(560);
    }
  });

  it('names every store on the map and links to their hours', () => {
    renderRoutes([{ path: '/', element: <StoreMap stores={[thamrin, kemang, gading]} /> }], '/');
    const map = screen.getByRole('img', { name: 'Map of our 3 stores: Kopi Thamrin, Kopi Kemang, Kopi Kelapa Gading' });
    // Named beside its pin (its tooltip and its label), and in the numbered list under the map.
    expect(within(map).getAllByText('Kopi Kemang')).toHaveLength(2);
    const legend = screen.getByRole('list', { name: 'Stores on the map' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 Kopi Thamrin', '2 Kopi Kemang', '3 Kopi Kelapa Gading']);
    expect(screen.getByRole('link', { name: 'Hours and addresses' }).getAttribute('href')).toBe('/stores');
  });

  it('shows the city alone until the stores arrive', () => {
    renderRoutes([{ path: '/', element: <StoreMap /> }], '/');
    expect(screen.getByRole('img', { name: 'Map of the city where our stores are' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Hours and addresses' })).toBeNull();
  });
});

describe('the store map in Indonesian', () => {
  afterEach(() => startLanguage('en', ['shop', 'account', 'staff', 'contract']));

  it('words the map, its count of stores and the link in Indonesian, the stores keeping their names', async () => {
    await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
    renderRoutes([{ path: '/', element: <StoreMap stores={[thamrin, kemang, gading]} /> }], '/');
    expect(screen.getByRole('heading', { name: 'Kunjungi Toko Kami di Titik pada Peta Berikut' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Peta 3 toko kami: Kopi Thamrin, Kopi Kemang, Kopi Kelapa Gading' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jam buka dan alamat' }).getAttribute('href')).toBe('/stores');
  });
});
