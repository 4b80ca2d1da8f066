import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReconciliationResponse } from '@coffee/contract';
import type { Reconciliation } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/v1/staff/reconciliation?date= (owner): a shop day's charges at the payment service beside their orders. */
export async function getReconciliation(date: string | undefined, signal?: AbortSignal): Promise<Reconciliation> {
  const { data } = await apiGet('/staff/reconciliation', { params: date ? { date } : {}, schema: ReconciliationResponse, signal });
  return data;
}

export const reconciliationQueryOptions = (date: string | undefined) =>
  queryOptions({ queryKey: ['staff', 'reconciliation', date ?? 'today'] as const, queryFn: ({ signal }) => getReconciliation(date, signal) });

export function useReconciliation(date: string | undefined) {
  return useQuery(reconciliationQueryOptions(date));
}
