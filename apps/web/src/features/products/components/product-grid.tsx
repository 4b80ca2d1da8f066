import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ProductListResponse } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessage } from '../../../lib/api-client';
import { ProductCard, ProductCardSkeleton } from './product-card';

type ProductGridProps = {
  query: UseInfiniteQueryResult<InfiniteData<ProductListResponse>>;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** Accessible name of the list, e.g. "Coffee products". */
  label: string;
};

// The widest first row (four columns): its pictures are on the first screen, the rest load as they scroll into view.
const FIRST_ROW = 4;
const gridClass = 'grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 sm:gap-x-5 sm:gap-y-8 xl:grid-cols-4';

/** A product list's loading, error, empty and loaded states, with "Load more" when the server has more pages. */
export function ProductGrid({ query, empty, label }: ProductGridProps) {
  const { t } = useLingui();
  if (query.isPending) {
    // Pending but idle means the list is not shown yet (its query is disabled): render nothing.
    if (query.fetchStatus === 'idle') return null;
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          <Trans>Loading products…</Trans>
        </p>
        <div className={gridClass}>
          {Array.from({ length: 8 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <ErrorState
        title={t`We couldn't load the menu`}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const products = query.data.pages.flatMap((page) => page.data);
  if (products.length === 0) return <>{empty}</>;

  return (
    <div>
      <ul aria-label={label} className={gridClass}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} priority={index < FIRST_ROW} />
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-6 text-center text-sm text-[#9B2C2C]">
          {errorMessage(query.error)}
        </p>
      )}
      {query.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t`Loading…` : t`Load more`}
          </Button>
        </div>
      )}
    </div>
  );
}

export function EmptyList({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl bg-white px-6 py-12 text-center shadow-card">
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-16">
        <circle cx="32" cy="32" r="30" fill="#FFF3D9" />
        <path d="M18 26h28l-3 22a4 4 0 0 1-4 3H25a4 4 0 0 1-4-3z" fill="#fff" stroke="#6A4029" strokeWidth="2.5" />
        <path d="M26 20c-2-3 2-5 0-8M34 20c-2-3 2-5 0-8" stroke="#6A4029" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      </svg>
      <p className="font-display text-lg font-medium text-espresso">{title}</p>
      {children}
    </div>
  );
}
