import { Link } from 'react-router';
import type { ProductListItem } from '@coffee/contract';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';
import { ProductPrice } from '../../../components/ui/price';
import { ProductPicture } from '../../../components/ui/product-picture';
import { cn } from '../../../lib/cn';

// The original home page: three Hazelnut Latte cards, IDR 34.000, with this ingredient list.
const FAVORITE_NAME = 'Hazelnut Latte';
const FAVORITE_PRICE_IDR = 34_000;
const INGREDIENTS = [msg`Hazelnut Syrup`, msg`Vanilla Whipped Cream`, msg`Ice / Hot`, msg`Sliced Banana on Top`] as const;
const SERVINGS = [
  { serve: 'hot', tag: msg`Served hot` },
  { serve: 'iced', tag: msg`Served iced` },
  { serve: 'to-go', tag: msg`To go` },
] as const;

/** Finds the favourite among the featured products, so Order Now opens its page. */
export function findFavorite(products: ReadonlyArray<ProductListItem> | undefined): ProductListItem | undefined {
  return products?.find((product) => product.name.trim().toLowerCase() === FAVORITE_NAME.toLowerCase());
}

/** `product` is the Hazelnut Latte from the API when found; until then Order Now opens the menu. */
export function Favorites({ product }: { product: ProductListItem | undefined }) {
  const { t } = useLingui();
  const name = FAVORITE_NAME;
  // The Order Now links' names, which say which card each is on.
  const orderLabels: Record<(typeof SERVINGS)[number]['serve'], string> = {
    hot: t`Order Now: ${name}, served hot`,
    iced: t`Order Now: ${name}, served iced`,
    'to-go': t`Order Now: ${name}, to go`,
  };
  const href = product ? paths.product.getHref(product.id) : paths.products.getHref();
  const price = product?.priceIdr ?? FAVORITE_PRICE_IDR;
  const charged = product?.promoPriceIdr ?? price;

  return (
    <section aria-labelledby="favorites-heading" className="bg-white py-20 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="favorites-heading" className="font-display text-3xl font-bold text-ink sm:text-4xl">
            <Trans>Here is People's Favorite</Trans>
          </h2>
          <p className="mt-4 text-muted">
            <Trans>Let's choose and have a bit taste of people's favorite. It might be yours too!</Trans>
          </p>
        </div>
        <ul className="mt-14 grid gap-8 md:grid-cols-3">
          {SERVINGS.map((serving, index) => {
            const highlighted = index === 1;
            return (
              <li
                key={serving.serve}
                className={cn(
                  'flex flex-col items-center rounded-3xl border-2 bg-white px-6 py-8 text-center transition-colors',
                  highlighted ? 'border-espresso shadow-card' : 'border-line',
                )}
              >
                <ProductPicture
                  name={FAVORITE_NAME}
                  category="coffee"
                  imageUrl={product?.images[0]?.url ?? null}
                  image={product?.images[0]}
                  // 9rem round, larger than a list's thumbnail.
                  sizes="144px"
                  alt=""
                  className="size-36 rounded-full shadow-soft"
                />
                <p className="mt-6 rounded-full bg-crema-soft px-3 py-1 font-display text-xs font-medium text-espresso">{t(serving.tag)}</p>
                <h3 className="mt-3 font-display text-xl font-bold text-ink">{FAVORITE_NAME}</h3>
                <ul className="mt-5 space-y-3 text-left text-sm text-muted">
                  {INGREDIENTS.map((ingredient) => (
                    <li key={ingredient.id} className="flex items-center gap-3">
                      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 shrink-0">
                        <path d="m5 12.5 4.5 4.5L19 7.5" stroke="#2FAB73" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                      {t(ingredient)}
                    </li>
                  ))}
                </ul>
                <ProductPrice regular={price} charged={charged} className="mt-auto pt-8 font-display text-2xl font-bold text-ink" />
                <Link
                  to={href}
                  aria-label={orderLabels[serving.serve]}
                  className={buttonStyles({ variant: highlighted ? 'accent' : 'outline', className: 'mt-5 w-full max-w-48' })}
                >
                  <Trans>Order Now</Trans>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
