import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffPromotion } from '@coffee/contract';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { PromotionsAdmin } from './promotions-admin';
import type { PromotionMenu } from './promotions-admin';

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

const freeLatte: StaffPromotion = {
  ...sundayCoffee,
  id: 5,
  name: 'Free Latte',
  code: 'LATTE',
  targetProductId: 12,
  targetProductName: 'Hazelnut Latte',
  targetCategory: null,
  isActive: false,
  terms: ['A free Hazelnut Latte'],
};

const menu: PromotionMenu = {
  status: 'ready',
  products: [
    { id: '31', name: 'Spicy Chicken Wings', category: 'foods' },
    { id: '12', name: 'Hazelnut Latte', category: 'coffee' },
    { id: '8', name: 'Americano', category: 'coffee' },
  ],
};

function stubPromotionsApi(write?: (body: unknown) => Response) {
  return stubFetch((url, request) => {
    if (request.method === 'GET') return jsonResponse({ data: [sundayCoffee, freeLatte] });
    return write?.(request.body) ?? jsonResponse({ data: { ...sundayCoffee, ...(request.body as object), id: 4 } }, request.method === 'POST' ? 201 : 200);
  });
}

const renderAdmin = (withMenu: PromotionMenu = menu) =>
  renderRoutes([{ path: '/staff/promotions', element: <PromotionsAdmin menu={withMenu} /> }], '/staff/promotions');

const optionNames = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

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
    // Days day first and times on the 24-hour clock, whatever the browser's language; '9pm' is read as 21:00.
    await user.type(within(form).getByLabelText('First day'), '31/10/2026');
    await user.type(within(form).getByLabelText('Last day'), '31/10/2026');
    await user.type(within(form).getByLabelText('Day of the year'), '31/10');
    await user.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    await user.type(within(form).getByLabelText('Start time'), '17:00');
    await user.type(within(form).getByLabelText('End time'), '9pm');
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
      yearlyOn: '10-31',
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
    // Every field typed key by key: more than the default 5 s on a busy machine.
  }, 15_000);

  it('asks for a day-first date and a 24-hour time before sending rules it cannot read', async () => {
    const user = userEvent.setup();
    const api = stubPromotionsApi();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Edit Sunday Coffee' }));
    const form = screen.getByRole('form', { name: 'Edit Sunday Coffee' });
    expect(within(form).getByLabelText<HTMLInputElement>('Start time').value).toBe('07:00');
    // Month first, as a browser in en-US shows a date.
    await user.type(within(form).getByLabelText('First day'), '10/31/2026');
    await user.clear(within(form).getByLabelText('End time'));
    await user.type(within(form).getByLabelText('End time'), '9 o’clock');
    await user.click(within(form).getByRole('button', { name: 'Save promotion' }));

    expect(within(form).getByText('Write the day as DD/MM/YYYY, e.g. 26/11/2026.')).toBeTruthy();
    expect(within(form).getByLabelText('First day').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Write the time as HH:MM on the 24-hour clock, e.g. 19:30.')).toBeTruthy();
    expect(api.requests.some((r) => r.method !== 'GET')).toBe(false);
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
  it("offers the menu's products by name, grouped by category, and sends the chosen product's id", async () => {
    const user = userEvent.setup();
    const api = stubPromotionsApi();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));

    const form = screen.getByRole('form', { name: 'New promotion' });
    const picker = within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Qualifying product' });
    expect(picker.value).toBe('');
    expect(optionNames(picker)).toEqual(['None', 'Americano', 'Hazelnut Latte', 'Spicy Chicken Wings']);
    expect(within(picker).getByRole('group', { name: 'Foods' }).textContent).toBe('Spicy Chicken Wings');
    await user.type(within(form).getByLabelText('Name'), 'Wings on us');
    await user.selectOptions(within(form).getByLabelText('Benefit'), 'free-item');
    await user.selectOptions(picker, 'Spicy Chicken Wings');
    await user.click(within(form).getByRole('button', { name: 'Add promotion' }));

    expect(await screen.findByText('Wings on us was added.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ benefit: 'free-item', targetProductId: 31, targetCategory: null });
  });

  it('opens a promotion with its product chosen', async () => {
    const user = userEvent.setup();
    stubPromotionsApi();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Edit Free Latte' }));
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Qualifying product' });
    expect(picker.selectedOptions[0]?.textContent).toBe('Hazelnut Latte');
    expect(picker.value).toBe('12');
  });

  it('keeps the chosen product while the menu is still loading, so saving other rules does not drop it', async () => {
    const user = userEvent.setup();
    const api = stubPromotionsApi();
    renderAdmin({ status: 'loading', products: [] });
    await user.click(await screen.findByRole('button', { name: 'Edit Free Latte' }));
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Qualifying product' });
    expect(picker.selectedOptions[0]?.textContent).toBe('Hazelnut Latte');
    expect(screen.getByText(/Loading the menu/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save promotion' }));

    expect(await screen.findByText('Free Latte was saved.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ targetProductId: 12 });
  });

  it('says so when the chosen product has left the menu', async () => {
    const user = userEvent.setup();
    stubPromotionsApi();
    renderAdmin({ status: 'ready', products: menu.products.filter((product) => product.id !== '12') });
    await user.click(await screen.findByRole('button', { name: 'Edit Free Latte' }));
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Qualifying product' });
    expect(picker.selectedOptions[0]?.textContent).toBe('Hazelnut Latte (no longer on the menu)');
    expect(optionNames(picker)).toEqual(['None', 'Hazelnut Latte (no longer on the menu)', 'Americano', 'Spicy Chicken Wings']);
  });

  it('shows the refusal of a product that left the menu under the picker', async () => {
    const user = userEvent.setup();
    stubPromotionsApi(() =>
      jsonResponse({ message: 'The chosen product is not on the menu any more: choose another product or a category', field: 'targetProductId' }, 400),
    );
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Edit Free Latte' }));
    await user.click(screen.getByRole('button', { name: 'Save promotion' }));

    expect(await screen.findByText(/not on the menu any more/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Qualifying product' }).getAttribute('aria-invalid')).toBe('true');
  });
});
