import { useMutation } from '@tanstack/react-query';
import { CartChangeResponse } from '@coffee/contract';
import type { Cart } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/orders/{id}/reorder ('Order again'): the order's lines go into my cart at today's prices;
 * what cannot be ordered now is skipped and `notes` says so.
 */
export async function reorder(id: number): Promise<{ cart: Cart; notes: string[] }> {
  const { data, notes } = await apiRequest(`/orders/${id}/reorder`, { method: 'POST', schema: CartChangeResponse });
  return { cart: data, notes };
}

export function useReorder() {
  return useMutation({ mutationFn: reorder });
}
