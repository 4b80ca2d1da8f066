import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportResponse, type Report, type ReportRange } from '@coffee/contract';
import { apiGet, apiUrl } from '../../../lib/api-client';

/** What the screen asks for: the API's query as strings (an empty date is today, an empty store every store). */
export interface ReportAsk {
  range: ReportRange;
  date?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  storeId?: string | undefined;
}

const paramsOf = (ask: ReportAsk) => ({ range: ask.range, date: ask.date, from: ask.from, to: ask.to, storeId: ask.storeId });

export async function getReport(ask: ReportAsk, signal?: AbortSignal): Promise<Report> {
  const { data } = await apiGet('/staff/reports', { params: paramsOf(ask), schema: ReportResponse, signal });
  return data;
}

/** GET /api/v1/staff/reports: the owner's figures of a day, week, month or chosen days. */
export const reportQueryOptions = (ask: ReportAsk) =>
  queryOptions({ queryKey: ['staff', 'reports', paramsOf(ask)] as const, queryFn: ({ signal }) => getReport(ask, signal), staleTime: 30_000 });

/** The last report stays on screen while the next range loads, so the page does not jump. */
export const useReport = (ask: ReportAsk) => useQuery({ ...reportQueryOptions(ask), placeholderData: keepPreviousData });

/** The downloads: plain links the browser saves (the session cookie goes with them; the answer is streamed). */
export const reportCsvUrl = (ask: ReportAsk, what: 'report' | 'orders') => apiUrl(`/staff/reports/${what}.csv`, paramsOf(ask));
