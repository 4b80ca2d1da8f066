import { useMutation } from '@tanstack/react-query';
import { ProductResponse } from '@coffee/contract';
import type { CreateProductInput, Product, UpdateProductInput } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * JSON, or multipart/form-data with the same fields and the picture file in `image`.
 * Multipart fields are text: the API reads "25" as 25, "true" as true and `sizes` as JSON.
 */
export function productFormData(fields: CreateProductInput | UpdateProductInput, picture: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || key === 'image') continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append('image', picture);
  return form;
}

/** POST /api/v1/products (staff): multipart when a picture file is chosen, JSON otherwise. */
export async function createProduct(input: { fields: CreateProductInput; picture: File | null }): Promise<Product> {
  const body = input.picture ? productFormData(input.fields, input.picture) : input.fields;
  const { data } = await apiRequest('/products', { method: 'POST', body, schema: ProductResponse });
  return data;
}

/** PATCH /api/v1/products/:id (staff): only the fields sent change; `image: null` removes the picture. */
export async function updateProduct(input: { id: number; fields: UpdateProductInput; picture: File | null }): Promise<Product> {
  const body = input.picture ? productFormData(input.fields, input.picture) : input.fields;
  const { data } = await apiRequest(`/products/${input.id}`, { method: 'PATCH', body, schema: ProductResponse });
  return data;
}

/** The caller refreshes the product lists (their query keys belong to the products feature). */
export function useCreateProduct(options: { onSuccess: (product: Product) => void | Promise<void> }) {
  return useMutation({ mutationFn: createProduct, onSuccess: options.onSuccess });
}

export function useUpdateProduct(options: { onSuccess: (product: Product) => void | Promise<void> }) {
  return useMutation({ mutationFn: updateProduct, onSuccess: options.onSuccess });
}
