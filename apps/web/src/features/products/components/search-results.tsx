import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';
import { useInfiniteProducts } from '../api/get-products';
import { EmptyList, ProductGrid } from './product-grid';

/** /products?search=<keyword>: the matching products, a count, and a way back to the tabs. */
export function SearchResults({ keyword }: { keyword: string }) {
  const query = useInfiniteProducts({ search: keyword });
  const total = query.data?.pages[0]?.meta.total;

  return (
    <section aria-labelledby="search-heading">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4">
        <div>
          <h1 id="search-heading" className="font-display text-2xl font-bold text-espresso sm:text-3xl">
            Search results for "{keyword}"
          </h1>
          <p role="status" className="mt-1 text-sm text-muted">
            {total === undefined ? '\u00a0' : `${total} ${total === 1 ? 'product' : 'products'} found`}
          </p>
        </div>
        <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          <span aria-hidden="true">←</span> Back to all products
        </Link>
      </div>
      <div className="pt-8">
        <h2 className="sr-only">Matching products</h2>
        <ProductGrid
          query={query}
          label={`Products matching ${keyword}`}
          empty={
            <EmptyList title={`No products match "${keyword}"`}>
              <p className="text-sm text-muted">Try another word, or browse the menu by category.</p>
              <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'primary', size: 'sm' })}>
                Browse all products
              </Link>
            </EmptyList>
          }
        />
      </div>
    </section>
  );
}
