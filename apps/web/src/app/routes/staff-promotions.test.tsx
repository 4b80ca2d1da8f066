import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PromotionInputBody, StaffPromotion } from '@coffee/contract';
import { stubFetch } from '../../testing/fetch-stub';
import { createProduct, createProductPage, jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';
import { StaffPromotionsRoute } from './staff-promotions';

// A menu longer than the largest page the API answers: the picker must still offer its last product.
const firstPage = Array.from({ length: 100 }, (_, index) => createProduct({ id: index + 1, name: `Blend ${String(index + 1).padStart(3, '0')}` }));
const wings = createProduct({ id: 131, name: 'Spicy Chicken Wings', category: 'foods' });

function stubApi() {
  return stubFetch((url, request) => {
    if (url.pathname === '/api/v1/products') {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(createProductPage(page === 1 ? firstPage : [wings], { page, limit: 100, total: 101 }));
    }
    if (url.pathname === '/api/v1/staff/promotions') return jsonResponse({ data: [] });
    if (url.pathname === '/api/v1/promotions' && request.method === 'POST') {
      const body = request.body as PromotionInputBody;
      const saved: StaffPromotion = {
        ...(body as Omit<StaffPromotion, 'id' | 'targetProductName' | 'terms'>),
        id: 9,
        targetProductName: 'Spicy Chicken Wings',
        terms: [],
      };
      return jsonResponse({ data: saved }, 201);
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
}

describe('StaffPromotionsRoute', () => {
  it("offers every product of the menu by name in the promotion form, and sends the picked product's id", async () => {
    const user = userEvent.setup();
    const api = stubApi();
    renderRoutes([{ path: '/staff/promotions', element: <StaffPromotionsRoute /> }], '/staff/promotions');
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));

    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Qualifying product' });
    const wingsOption = await within(picker).findByRole('option', { name: 'Spicy Chicken Wings' });
    expect(within(picker).getAllByRole('option')).toHaveLength(102);
    expect(within(picker).getByRole('option', { name: 'Blend 001' })).toBeTruthy();
    const productLists = api.requests.filter((r) => r.url.pathname === '/api/v1/products');
    expect(productLists.map((r) => [r.url.searchParams.get('page'), r.url.searchParams.get('limit')])).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);

    await user.type(screen.getByLabelText('Name'), 'Wings on us');
    await user.selectOptions(picker, wingsOption);
    await user.click(screen.getByRole('button', { name: 'Add promotion' }));
    expect(await screen.findByText('Wings on us was added.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Wings on us', targetProductId: 131 });
  });
});
