import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { QuestionsPanel } from './questions-panel';

const question = (id: number, productName: string | null, message: string) => ({
  id,
  productId: productName ? 7 : null,
  productName,
  name: 'Rina',
  contact: 'rina@example.com',
  message,
  createdAt: '2026-11-23T03:00:00.000Z',
  answeredAt: null,
});

describe('Questions panel (staff)', () => {
  it('lists the open questions with the product named, and marking one answered takes it off', async () => {
    const user = userEvent.setup();
    let open = [question(1, 'Hazelnut Latte', 'Is it sweet?'), question(2, null, 'Open on Sunday?')];
    const api = stubFetch((url, request) => {
      if (request.method === 'PATCH' && url.pathname === '/api/v1/questions/1') {
        open = open.filter((q) => q.id !== 1);
        return jsonResponse({ data: { ...question(1, 'Hazelnut Latte', 'Is it sweet?'), answeredAt: '2026-11-23T04:00:00.000Z' } });
      }
      return jsonResponse({ data: open });
    });
    renderRoutes([{ path: '/staff/orders', element: <QuestionsPanel /> }], '/staff/orders');

    expect(await screen.findByRole('heading', { name: 'Questions (2)' })).toBeTruthy();
    const latte = screen.getByRole('article', { name: 'About Hazelnut Latte' });
    expect(within(latte).getByText('Is it sweet?')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'A question' })).toBeTruthy();

    await user.click(within(latte).getByRole('button', { name: /Mark answered/ }));
    expect(await screen.findByRole('heading', { name: 'Questions (1)' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'About Hazelnut Latte' })).toBeNull();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ answered: true });
  });
});
