import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '@coffee/contract';
import { startLanguage } from '../../../lib/i18n';
import { writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { ReportsScreen } from './reports-screen';

const figure = (orders: number, salesIdr: number) => ({ orders, salesIdr });

function reportFor(from: string, to: string, storeId: number | null): Report {
  const days = from === to ? [from] : ['2026-11-01', '2026-11-02', '2026-11-03'];
  return {
    range: from === to ? 'day' : 'month',
    from,
    to,
    timeZone: 'Asia/Jakarta',
    storeId,
    storeName: storeId === 2 ? 'Kopi Senopati' : null,
    totals: { salesIdr: 113_300, orders: 3, averageTicketIdr: 37_767, itemsSold: 4, itemSalesIdr: 103_000, discountsIdr: 0, taxIdr: 10_300, deliveryIdr: 0 },
    tax: { label: 'PB1', ratePercent: '10', basis: 'Menu prices exclude PB1.', collectedIdr: 10_300 },
    refunds: { orders: 1, amountIdr: 35_200, paidBackOrders: 0, paidBackIdr: 0 },
    cancellations: { orders: 2, amountIdr: 50_000 },
    byDay: days.map((date, i) => ({ date, ...figure(i === 0 ? 2 : 1, i === 0 ? 75_000 : 38_300 / (days.length - 1)) })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, ...(hour === 9 ? figure(3, 113_300) : figure(0, 0)) })),
    byWeekday: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((name, i) => ({ weekday: i + 1, name, ...(i === 0 ? figure(3, 113_300) : figure(0, 0)) })),
    byStore: [{ storeId: 1, name: 'Kopi Kemang', ...figure(3, 113_300) }],
    byPaymentMethod: [{ method: 'cash-on-delivery', label: 'Cash on Delivery', ...figure(3, 113_300) }],
    byChannel: [{ channel: 'pick-up', label: 'Pick up', ...figure(3, 113_300) }],
    byProduct: [
      { productId: 5, name: 'Gula Aren Latte', category: 'coffee', quantity: 3, salesIdr: 76_000 },
      { productId: 7, name: 'Croissant', category: 'foods', quantity: 1, salesIdr: 27_000 },
    ],
    byCategory: [
      { category: 'coffee', quantity: 3, salesIdr: 76_000 },
      { category: 'foods', quantity: 1, salesIdr: 27_000 },
    ],
  };
}

function setup() {
  writeLoginRecord({ id: 9, email: 'owner@example.com', role: 'staff', displayName: 'Owner', photoUrl: null });
  const stub = stubFetch((url) => {
    const q = url.searchParams;
    const day = q.get('date') ?? '2026-11-01';
    return jsonResponse({ data: reportFor(q.get('from') ?? (q.get('range') === 'day' ? day : '2026-11-01'), q.get('to') ?? (q.get('range') === 'day' ? day : '2026-11-30'), q.get('storeId') ? Number(q.get('storeId')) : null) });
  });
  renderRoutes([{ path: '/staff/reports', element: <ReportsScreen stores={[{ id: 1, name: 'Kopi Kemang' }, { id: 2, name: 'Kopi Senopati' }]} /> }], '/staff/reports');
  return stub;
}

describe('Reports screen', () => {
  it("shows this month's totals, the tax by its name, a chart and the breakdowns, with downloads of the same range", async () => {
    const stub = setup();
    const totals = await screen.findByRole('region', { name: /01\/11\/2026 to 30\/11\/2026/ });
    expect(stub.calls[0]!.searchParams.get('range')).toBe('month');
    expect(within(totals).getByText('PB1 collected (10 %)')).toBeTruthy();
    expect(within(totals).getByText('Average ticket').nextElementSibling?.textContent).toBe('IDR 37.767');
    expect(within(totals).getAllByTestId('day-column')).toHaveLength(3);
    const products = screen.getByRole('region', { name: 'By product' });
    expect(within(products).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Gula Aren Latte3IDR 76.000', 'Croissant1IDR 27.000']);
    expect(within(screen.getByRole('region', { name: 'By category' })).getByText('Foods')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'By hour of the day' })).getByText('09:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download orders (CSV)' }).getAttribute('href')).toBe('/api/v1/staff/reports/orders.csv?range=month');
  });

  it('asks for chosen days at one store, and says how to write a day it cannot read', async () => {
    const stub = setup();
    await screen.findByRole('region', { name: /Every store/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Choose days' }));
    await user.type(screen.getByLabelText('First day'), '31/11/2026');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('Write the day as DD/MM/YYYY, e.g. 26/11/2026')).toBeTruthy();
    expect(screen.getByText('Write the last day')).toBeTruthy();

    await user.clear(screen.getByLabelText('First day'));
    await user.type(screen.getByLabelText('First day'), '02/11/2026');
    await user.type(screen.getByLabelText('Last day'), '2/11/2026');
    await user.selectOptions(screen.getByLabelText('Store'), 'Kopi Senopati');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByRole('region', { name: '02/11/2026 · Kopi Senopati' })).toBeTruthy();
    const asked = stub.calls.at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ range: 'custom', from: '2026-11-02', to: '2026-11-02', storeId: '2' });
    expect(screen.getByRole('link', { name: 'Download report (CSV)' }).getAttribute('href')).toBe('/api/v1/staff/reports/report.csv?range=custom&from=2026-11-02&to=2026-11-02&storeId=2');
  });

  describe('in Indonesian', () => {
    afterEach(async () => {
      await startLanguage('en', ['shop', 'account', 'staff', 'contract']);
    });

    it('words the figures, weekdays, categories and money in Indonesian', async () => {
      await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
      setup();
      const totals = await screen.findByRole('region', { name: /01\/11\/2026 s\.d\. 30\/11\/2026 · Semua toko/ });
      expect(screen.getByRole('heading', { level: 1, name: 'Laporan' })).toBeTruthy();
      expect(within(totals).getByText('PB1 terkumpul (10 %)')).toBeTruthy();
      expect(within(totals).getByText('Rata-rata per pesanan').nextElementSibling?.textContent).toBe('Rp37.767');
      expect(within(screen.getByRole('region', { name: 'Per hari' })).getByText('Senin')).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Per kategori' })).getByText('Makanan')).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Per metode pembayaran' })).getByText('Bayar di Tempat (COD)')).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Per cara pemesanan' })).getByText('Ambil di Toko')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Unduh pesanan (CSV)' })).toBeTruthy();
    });
  });
});
