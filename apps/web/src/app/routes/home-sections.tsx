import { useInfiniteProducts } from '../../features/products/api/get-products';
import { Benefits } from '../../features/home/components/benefits';
import { Favorites, findFavorite } from '../../features/home/components/favorites';
import { Partners } from '../../features/home/components/partners';
import { PromoBanner } from '../../features/home/components/promo-banner';
import { Stats } from '../../features/home/components/stats';
import { StoreMap } from '../../features/home/components/store-map';
import { Testimonials } from '../../features/home/components/testimonials';
import { useStores } from '../../features/stores/api/get-stores';

/**
 * Home below the hero, in the original's order. A module of its own that the home route loads lazily: a phone's first
 * screen is the hero alone, and the prerendered HTML shows these sections while their code is still on its way.
 */
export function HomeSections() {
  // The favourite's real id for Order Now; the cards render at once and link to /products until it arrives. The same
  // query as the Favorite & Promo tab, so opening /products next needs no new request. Asked here, once this code has
  // hydrated, not by the route: an answer arriving earlier would not match the prerendered cards.
  const featured = useInfiniteProducts({ featured: 'true' });
  // The map's pins: asked like the favourites, after hydration, so the prerendered map matches the first render.
  const stores = useStores();
  return (
    <>
      <Stats />
      <Benefits />
      <Favorites product={findFavorite(featured.data?.pages.flatMap((page) => page.data))} />
      <StoreMap stores={stores.data} />
      <Partners />
      <Testimonials />
      <PromoBanner />
    </>
  );
}
