import { Link } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';
import { useInfiniteProducts } from '../api/get-products';
import { EmptyList, ProductGrid } from './product-grid';

/** /products?search=<keyword>: the matching products, a count, and a way back to the tabs. */
export function SearchResults({ keyword }: { keyword: string }) {
  const { t } = useLingui();
  const query = useInfiniteProducts({ search: keyword });
  const total = query.data?.pages[0]?.meta.total;

  return (
    <section aria-labelledby="search-heading">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4">
        <div>
          <h1 id="search-heading" className="font-display text-2xl font-bold text-espresso sm:text-3xl">
            <Trans>Search results for "{keyword}"</Trans>
          </h1>
          <p role="status" className="mt-1 text-sm text-muted">
            {total === undefined ? '\u00a0' : <Plural value={total} one="# product found" other="# products found" />}
          </p>
        </div>
        <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          <span aria-hidden="true">←</span> <Trans>Back to all products</Trans>
        </Link>
      </div>
      <div className="pt-8">
        <h2 className="sr-only"><Trans>Matching products</Trans></h2>
        <ProductGrid
          query={query}
          label={t`Products matching ${keyword}`}
          empty={
            <EmptyList title={t`No products match "${keyword}"`}>
              <p className="text-sm text-muted"><Trans>Try another word, or browse the menu by category.</Trans></p>
              <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'primary', size: 'sm' })}>
                <Trans>Browse all products</Trans>
              </Link>
            </EmptyList>
          }
        />
      </div>
    </section>
  );
}
