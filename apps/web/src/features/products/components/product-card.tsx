import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import type { ProductListItem } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { ProductPrice } from '../../../components/ui/price';
import { ProductPicture } from '../../../components/ui/product-picture';
import { cn } from '../../../lib/cn';

/** `priority`: the card is in a list's first row, so its picture is likely the page's largest paint. */
export function ProductCard({ product, priority = false }: { product: ProductListItem; priority?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col items-center rounded-3xl bg-white px-3 pt-4 pb-5 text-center shadow-card transition-transform duration-200 focus-within:-translate-y-0.5 hover:-translate-y-1 sm:px-4">
      <div className="relative w-[78%]">
        <ProductPicture
          name={product.name}
          category={product.category}
          imageUrl={product.images[0]?.url ?? null}
          image={product.images[0]}
          shownAs="card"
          priority={priority}
          className={cn('oval aspect-[4/5] w-full shadow-soft', product.isSoldOut && 'opacity-60 grayscale')}
        />
        <div className="absolute -top-1 -left-2 flex flex-col items-start gap-1">
          {product.isSoldOut && (
            <span className="rounded-full bg-ink px-2.5 py-1 font-display text-xs font-medium text-white"><Trans>Sold out</Trans></span>
          )}
          {product.isPromo && (
            <span className="rounded-full bg-crema px-2.5 py-1 font-display text-xs font-medium text-espresso-deep"><Trans>Promo</Trans></span>
          )}
        </div>
      </div>
      <h3 className="mt-4 line-clamp-2 font-display text-base leading-snug font-bold text-ink sm:text-lg">
        {/* The stretched link makes the whole card clickable while its name stays the link text. */}
        <Link to={paths.product.getHref(product.id)} className="rounded after:absolute after:inset-0 after:rounded-3xl after:content-['']">
          {product.name}
        </Link>
      </h3>
      <ProductPrice
        regular={product.priceIdr}
        charged={product.promoPriceIdr}
        className="mt-auto pt-2 font-display text-sm font-bold text-espresso sm:text-base"
      />
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col items-center rounded-3xl bg-white px-4 pt-4 pb-5 shadow-card">
      <div className="oval aspect-[4/5] w-[78%] animate-pulse bg-line" />
      <div className="mt-4 h-4 w-3/4 animate-pulse rounded-full bg-line" />
      <div className="mt-3 h-4 w-1/2 animate-pulse rounded-full bg-line" />
    </div>
  );
}
