import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/v1/products/:id (staff): the product leaves the menu; past orders keep it. Answers 204. */
export async function deleteProduct(id: number): Promise<void> {
  await apiRequest(`/products/${id}`, { method: 'DELETE', schema: z.null() });
}

export function useDeleteProduct(options: { onSuccess: (id: number) => void | Promise<void> }) {
  return useMutation({ mutationFn: deleteProduct, onSuccess: (_data, id) => options.onSuccess(id) });
}
