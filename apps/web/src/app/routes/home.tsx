import { Benefits } from '../../features/home/components/benefits';
import { Favorites, findFavorite } from '../../features/home/components/favorites';
import { Hero } from '../../features/home/components/hero';
import { Partners } from '../../features/home/components/partners';
import { PromoBanner } from '../../features/home/components/promo-banner';
import { Stats } from '../../features/home/components/stats';
import { StoreMap } from '../../features/home/components/store-map';
import { Testimonials } from '../../features/home/components/testimonials';
import { useInfiniteProducts } from '../../features/products/api/get-products';

/** Home (spec section 1), section by section in the original's order. */
export function HomeRoute() {
  // The favourite's real id for Order Now; the cards render at once and link to /products until it arrives.
  // The same query as the Favorite & Promo tab, so opening /products next needs no new request.
  const featured = useInfiniteProducts({ featured: 'true' });
  return (
    <>
      <title>Coffee Shop: good coffee and healthy meals</title>
      <Hero />
      <Stats />
      <Benefits />
      <Favorites product={findFavorite(featured.data?.pages.flatMap((page) => page.data))} />
      <StoreMap />
      <Partners />
      <Testimonials />
      <PromoBanner />
    </>
  );
}
