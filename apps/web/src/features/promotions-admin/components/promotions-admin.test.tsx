import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffPromotion } from '@coffee/contract';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { PromotionsAdmin } from './promotions-admin';

const sundayCoffee: StaffPromotion = {
  id: 3,
  name: 'Sunday Coffee',
  description: 'A free cup of coffee',
  picture: 'sunday-coffee',
  code: 'SUNDAY',
  startsOn: null,
  endsOn: null,
  yearlyOn: null,
  onBirthday: false,
  weekdays: [7],
  fromTime: '07:00',
  toTime: '09:00',
  deliveryMethods: ['dine-in'],
  audience: 'members',
  frequency: 'daily',
  benefit: 'free-item',
  benefitValue: 0,
  targetProductId: null,
  targetProductName: null,
  targetCategory: 'coffee',
  isActive: true,
  terms: ['Dine in orders only', 'Sundays 07:00-09:00', 'Member card holders only'],
};

function stubPromotionsApi(write?: (body: unknown) => Response) {
  return stubFetch((url, request) => {
    if (request.method === 'GET') return jsonResponse({ data: [sundayCoffee] });
    return write?.(request.body) ?? jsonResponse({ data: { ...sundayCoffee, ...(request.body as object), id: 4 } }, request.method === 'POST' ? 201 : 200);
  });
}

const renderAdmin = () => renderRoutes([{ path: '/staff/promotions', element: <PromotionsAdmin /> }], '/staff/promotions');

describe('PromotionsAdmin', () => {
  it('lists the promotions with their rules as customers read them', async () => {
    stubPromotionsApi();
    renderAdmin();
    expect(await screen.findByRole('heading', { name: /Sunday Coffee/ })).toBeTruthy();
    expect(screen.getByText('Sundays 07:00-09:00')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('adds a promotion with every rule the form offers', async () => {
    const user = userEvent.setup();
    const api = stubPromotionsApi();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));

    const form = screen.getByRole('form', { name: 'New promotion' });
    await user.type(within(form).getByLabelText('Name'), 'Halloween Treat');
    await user.type(within(form).getByLabelText('Coupon code'), 'boo');
    await user.selectOptions(within(form).getByLabelText('Picture'), 'halloween');
    await user.type(within(form).getByLabelText('First day'), '2026-10-31');
    await user.type(within(form).getByLabelText('Last day'), '2026-10-31');
    await user.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    await user.type(within(form).getByLabelText('Start time'), '17:00');
    await user.type(within(form).getByLabelText('End time'), '21:00');
    await user.click(within(form).getByRole('checkbox', { name: 'Pick up' }));
    await user.selectOptions(within(form).getByLabelText('Who may use it'), 'new-customers');
    await user.selectOptions(within(form).getByLabelText('How often'), 'once');
    await user.selectOptions(within(form).getByLabelText('Benefit'), 'amount-off');
    await user.type(within(form).getByLabelText('Benefit amount'), '10000');
    await user.click(within(form).getByRole('button', { name: 'Add promotion' }));

    expect(await screen.findByText('Halloween Treat was added.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Halloween Treat',
      description: '',
      picture: 'halloween',
      code: 'boo',
      startsOn: '2026-10-31',
      endsOn: '2026-10-31',
      yearlyOn: null,
      onBirthday: false,
      weekdays: [6],
      fromTime: '17:00',
      toTime: '21:00',
      deliveryMethods: ['pick-up'],
      audience: 'new-customers',
      frequency: 'once',
      benefit: 'amount-off',
      benefitValue: 10000,
      targetProductId: null,
      targetCategory: null,
      isActive: true,
    });
  });

  it('opens a promotion pre-filled and shows a refused rule under its field', async () => {
    const user = userEvent.setup();
    const api = stubPromotionsApi(() =>
      jsonResponse({ message: 'Another promotion already uses the code SUNDAY: choose another code', field: 'code' }, 409),
    );
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Edit Sunday Coffee' }));

    const form = screen.getByRole('form', { name: 'Edit Sunday Coffee' });
    expect(within(form).getByLabelText<HTMLInputElement>('Coupon code').value).toBe('SUNDAY');
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Sunday' }).checked).toBe(true);
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Dine in' }).checked).toBe(true);
    expect(within(form).getByLabelText<HTMLSelectElement>('Who may use it').value).toBe('members');
    await user.click(within(form).getByRole('button', { name: 'Save promotion' }));

    expect(await within(form).findByText('Another promotion already uses the code SUNDAY: choose another code')).toBeTruthy();
    expect(within(form).getByLabelText('Coupon code').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.find((r) => r.method === 'PUT')?.url.pathname).toBe('/api/v1/promotions/3');
  });
});
