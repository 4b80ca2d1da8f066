import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../lib/i18n';
import { ToastProvider } from '../components/ui/toast';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A minute of freshness: switching tabs or coming back to a page shows the cache without a new request.
        staleTime: 60_000,
        // A 4xx answer (unknown product, bad keyword) will not change by asking again.
        // Read by name rather than `instanceof ApiError`: importing lib/api-client here put it in the first screen's
        // JavaScript, whose budget pays for boot.ts holding early taps (decision 024).
        retry: (failureCount, error) => !(error.name === 'ApiError' && isClientError(error)) && failureCount < 2,
      },
    },
  });
}

const isClientError = (error: Error) => {
  const status = (error as Error & { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** An API answer the page arrived with (a server-rendered page's data), under the query key that asks for it. */
export interface QuerySeed {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * `seeds`: answers the server rendered the page with, put in the cache before the first render so the browser draws
 * exactly what the HTML shows instead of a loading state, and asks the API for them only once they go stale.
 */
export function AppProviders({ children, seeds = [] }: { children: ReactNode; seeds?: readonly QuerySeed[] }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    for (const seed of seeds) client.setQueryData(seed.queryKey, seed.data);
    return client;
  });
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
