import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product } from '@coffee/contract';
import { AddProductsRoute } from './add-products';
import { EditProductsRoute } from './edit-products';
import { productListKeys } from '../../features/products/api/get-products';
import { stubFetch } from '../../testing/fetch-stub';
import type { StubbedRequest } from '../../testing/fetch-stub';
import { createProduct, jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';

function stubMenuApi(options: { product?: Product; write?: (request: StubbedRequest) => Response | null } = {}) {
  return stubFetch((url, request) => {
    const refusal = request.method !== 'GET' ? options.write?.(request) : null;
    if (refusal) return refusal;
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    if (request.method === 'POST') return jsonResponse({ data: createProduct({ id: 99, name: 'Pandan Latte', category: 'non-coffee' }) }, 201);
    if (request.method === 'PATCH') {
      const { name, price, category } = request.body as Pick<Product, 'name' | 'price' | 'category'>;
      return jsonResponse({ data: { ...options.product, name, price, priceIdr: price * 1000, category } });
    }
    if (url.pathname.startsWith('/api/v1/products/')) return options.product ? jsonResponse({ data: options.product }) : jsonResponse({ message: 'No such product' }, 404);
    return jsonResponse({ data: [], meta: { page: 1, limit: 24, total: 0 } });
  });
}

const routes = [
  { path: '/add-products', element: <AddProductsRoute /> },
  { path: '/edit-products/:id', element: <EditProductsRoute /> },
  { path: '/products', element: <p>Products page</p> },
  { path: '/products/:id', element: <p>Product page</p> },
];

describe('Add Product', () => {
  it('has the product fields, a category select with a disabled placeholder, and Save Product', () => {
    stubMenuApi();
    renderRoutes(routes, '/add-products');
    expect(screen.getByLabelText('Product Name')).toBeTruthy();
    expect(screen.getByLabelText('Price').getAttribute('type')).toBe('number');
    const category = screen.getByLabelText<HTMLSelectElement>('Category');
    const options = within(category).getAllByRole<HTMLOptionElement>('option');
    expect(options.map((o) => o.textContent)).toEqual(['Select category', 'Coffee', 'Non Coffee', 'Foods', 'Add On']);
    expect(options[0]?.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Save Product' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose Picture' })).toBeTruthy();
  });

  it('sends JSON without a picture, refreshes the lists and opens the category tab', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi();
    const { router, queryClient } = renderRoutes(routes, '/add-products');
    queryClient.setQueryData(productListKeys.page({ cat: 'non-coffee' }, 1, 24), { data: [], meta: { page: 1, limit: 24, total: 0 } });

    await user.type(screen.getByLabelText('Product Name'), 'Pandan Latte');
    await user.type(screen.getByLabelText('Price'), '28');
    await user.selectOptions(screen.getByLabelText('Category'), 'non-coffee');
    await user.type(screen.getByLabelText('Regular (R)'), '28');
    await user.type(screen.getByLabelText('Large (L)'), '33');
    await user.click(screen.getByRole('checkbox', { name: 'Promo' }));
    await user.click(screen.getByRole('button', { name: 'Save Product' }));

    expect(await screen.findByText('Products page')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/products?tab=non-coffee');
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.formData).toBeUndefined();
    expect(post?.body).toEqual({
      name: 'Pandan Latte',
      price: 28,
      category: 'non-coffee',
      description: '',
      sizes: [
        { code: 'R', price: 28 },
        { code: 'L', price: 33 },
      ],
      isFavorite: false,
      isPromo: true,
      promoPercentOff: 0,
      isSoldOut: false,
    });
    expect(queryClient.getQueryState(productListKeys.page({ cat: 'non-coffee' }, 1, 24))?.isInvalidated).toBe(true);
    expect(screen.getByText('Pandan Latte was added to the menu.')).toBeTruthy();
  });

  it('sends multipart with the picture file when one is chosen, previewed in the round frame', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi();
    URL.createObjectURL = () => 'blob:picture';
    URL.revokeObjectURL = () => undefined;
    const { container } = renderRoutes(routes, '/add-products');

    await user.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      new File([new Uint8Array([137, 80, 78, 71])], 'wings.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('img', { name: 'Preview of the chosen picture' }).getAttribute('src')).toBe('blob:picture');
    await user.type(screen.getByLabelText('Product Name'), 'Chicken Wings');
    await user.type(screen.getByLabelText('Price'), '30');
    await user.selectOptions(screen.getByLabelText('Category'), 'foods');
    await user.click(screen.getByRole('button', { name: 'Save Product' }));

    await screen.findByText('Products page');
    const form = api.requests.find((r) => r.method === 'POST')?.formData;
    expect((form?.get('image') as File).name).toBe('wings.png');
    expect(form?.get('name')).toBe('Chicken Wings');
    expect(form?.get('price')).toBe('30');
    expect(form?.get('category')).toBe('foods');
    expect(form?.get('sizes')).toBe('[]');
    expect(form?.get('isSoldOut')).toBe('false');
  });

  it('creates nothing while the chosen picture was refused, keeping what was typed', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi();
    const { container, router } = renderRoutes(routes, '/add-products');
    await user.type(screen.getByLabelText('Product Name'), 'Chicken Wings');
    await user.type(screen.getByLabelText('Price'), '30');
    await user.selectOptions(screen.getByLabelText('Category'), 'foods');
    await user.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }),
    );
    expect(screen.getByText(/may be at most 5 MB/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/add-products');
    expect(screen.getByText(/may be at most 5 MB/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Product Name').value).toBe('Chicken Wings');

    // Letting the picture go is a choice the staff member makes, not something that happens to them.
    await user.click(screen.getByRole('button', { name: 'Continue without this picture' }));
    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    await screen.findByText('Products page');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('keeps the form and what was typed when saving fails, with the error next to its field', async () => {
    const user = userEvent.setup();
    stubMenuApi({
      write: () =>
        jsonResponse({ message: 'Price must be at most 10000 (IDR 10.000.000).', field: 'price', errors: [{ field: 'price', message: 'must be at most 10000 (IDR 10.000.000)' }] }, 400),
    });
    const { router } = renderRoutes(routes, '/add-products');
    await user.type(screen.getByLabelText('Product Name'), 'Gold Latte');
    await user.type(screen.getByLabelText('Price'), '9999');
    await user.selectOptions(screen.getByLabelText('Category'), 'coffee');
    await user.click(screen.getByRole('button', { name: 'Save Product' }));

    const price = screen.getByLabelText('Price');
    expect(await screen.findByText('Price must be at most 10000 (IDR 10.000.000)')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(price);
    expect(screen.getByLabelText<HTMLInputElement>('Product Name').value).toBe('Gold Latte');
    expect(router.state.location.pathname).toBe('/add-products');
  });

  it('says what is missing before calling the API', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi();
    renderRoutes(routes, '/add-products');
    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('Enter the product name')).toBeTruthy();
    expect(screen.getByText('Enter the price')).toBeTruthy();
    expect(screen.getByText('Choose a category')).toBeTruthy();
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});

describe('Edit Product', () => {
  const latte = createProduct({ id: 12, name: 'Hazelnut Latte', price: 34, category: 'coffee', picture: 'latte.webp' });

  it('is pre-filled from the product, first picture previewed, and UpdateProduct sends PATCH', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi({ product: latte });
    const { router } = renderRoutes(routes, '/edit-products/12');

    const name = await screen.findByLabelText<HTMLInputElement>('Product Name');
    expect(name.value).toBe('Hazelnut Latte');
    expect(screen.getByLabelText<HTMLInputElement>('Price').value).toBe('34');
    expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe('coffee');
    expect(screen.getByRole('img', { name: 'Current picture of Hazelnut Latte' }).getAttribute('src')).toBe('/uploads/images/latte.webp');

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '36');
    await user.click(screen.getByRole('button', { name: 'UpdateProduct' }));

    expect(await screen.findByText('Products page')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=coffee');
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/v1/products/12');
    expect(patch?.body).toMatchObject({ name: 'Hazelnut Latte', price: 36, category: 'coffee' });
    expect(patch?.body).not.toHaveProperty('image');
  });

  it('deletes only after the confirmation', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi({ product: latte });
    renderRoutes(routes, '/edit-products/12');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('Products page')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/v1/products/12']);
  });

  it('Remove Picture sends image: null', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi({ product: latte });
    renderRoutes(routes, '/edit-products/12');
    await user.click(await screen.findByRole('button', { name: 'Remove Picture' }));
    await user.click(screen.getByRole('button', { name: 'UpdateProduct' }));
    await screen.findByText('Products page');
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ image: null });
  });
});

describe('Promo % off', () => {
  const promoLatte = createProduct({ id: 14, name: 'Pinky Promise', price: 25, isPromo: true, promoPercentOff: 20, promoPrice: 20, promoPriceIdr: 20_000 });

  it('is pre-filled from the product and sends the percent staff typed', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi({ product: promoLatte });
    renderRoutes(routes, '/edit-products/14');

    const percent = await screen.findByLabelText<HTMLInputElement>('Promo % off');
    expect(percent.value).toBe('20');
    await user.clear(percent);
    await user.type(percent, '35');
    await user.click(screen.getByRole('button', { name: 'UpdateProduct' }));

    expect(await screen.findByText('Products page')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ promoPercentOff: 35, isPromo: true });
  });

  it('refuses more than 90 percent before calling the API, next to the field', async () => {
    const user = userEvent.setup();
    const api = stubMenuApi({ product: promoLatte });
    renderRoutes(routes, '/edit-products/14');

    const percent = await screen.findByLabelText<HTMLInputElement>('Promo % off');
    await user.clear(percent);
    await user.type(percent, '95');
    await user.click(screen.getByRole('button', { name: 'UpdateProduct' }));

    expect(await screen.findByText('Promo % off must be a whole number from 0 to 90')).toBeTruthy();
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
