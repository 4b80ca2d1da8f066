import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffDayStatsResponse } from '@coffee/contract';
import type { StaffDayStats } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { staffOrdersKey } from './get-staff-orders';

export async function getStaffStats(date: string | undefined, signal?: AbortSignal): Promise<StaffDayStats> {
  const { data } = await apiGet('/staff/stats', { params: { date }, schema: StaffDayStatsResponse, signal });
  return data;
}

// Under the staff lists' key: a new order or a move (live stream, staff action) refreshes the figures too.
export const staffStatsKey = (date: string | undefined) => [...staffOrdersKey, 'stats', date ?? 'today'] as const;

/** GET /api/v1/staff/stats: the day's orders, sales and busiest hours (today, shop time, without a date). */
export const staffStatsQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: staffStatsKey(date),
    queryFn: ({ signal }) => getStaffStats(date, signal),
    staleTime: 0,
  });

export function useStaffStats(date?: string) {
  return useQuery(staffStatsQueryOptions(date));
}
