import { Link } from 'react-router';
import type { Store } from '@coffee/contract';
import { paths } from '../../../config/paths';
import storeMap from '../../../assets/store-map.svg';

const WIDTH = 1200;
const HEIGHT = 560;
// Room around the outermost stores, so no pin sits on the edge of the picture (pins are drawn 50 units tall).
const MARGIN = { left: 120, right: 120, top: 110, bottom: 60 };

/** Where each store's pin goes on the illustration: the stores' own coordinates, fitted to the picture. */
export function pinPositions(stores: readonly Pick<Store, 'id' | 'latitude' | 'longitude'>[]): Map<number, { x: number; y: number }> {
  const lats = stores.map((s) => s.latitude);
  const lngs = stores.map((s) => s.longitude);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const spread = (from: number, to: number, value: number, size: number, before: number, after: number) =>
    to === from ? before + (size - before - after) / 2 : before + ((value - from) / (to - from)) * (size - before - after);
  return new Map(
    stores.map((s) => [
      s.id,
      {
        x: Math.round(spread(minLng, maxLng, s.longitude, WIDTH, MARGIN.left, MARGIN.right)),
        // North is up: a larger latitude is higher on the picture.
        y: Math.round(spread(minLat, maxLat, -s.latitude + minLat + maxLat, HEIGHT, MARGIN.top, MARGIN.bottom)),
      },
    ]),
  );
}

/**
 * Our illustrated city with a pin per store. The stores come from the page (GET /stores, asked once the page is
 * interactive), so the prerendered map shows the city alone and the pins arrive with the stores.
 */
export function StoreMap({ stores = [] }: { stores?: readonly Store[] | undefined }) {
  const pins = pinPositions(stores);
  return (
    <section aria-labelledby="map-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="map-heading" className="font-display text-3xl font-bold text-ink sm:text-4xl">
          Visit Our Store in the Spot on the Map Below
        </h2>
        <p className="mt-4 text-muted">See our store in every city on the spot and spend your good day there. See you soon!</p>
      </div>
      <figure className="relative mt-12">
        <img
          src={storeMap}
          alt=""
          loading="lazy"
          width={WIDTH}
          height={HEIGHT}
          className="aspect-[4/3] w-full rounded-3xl object-cover shadow-card sm:aspect-[15/7]"
        />
        {/* The same crop as the picture's object-cover, so every pin stays on its spot. */}
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="xMidYMid slice"
          role="img"
          aria-label={stores.length > 0 ? `Map of our ${stores.length} stores: ${stores.map((s) => s.name).join(', ')}` : 'Map of the city where our stores are'}
          className="absolute inset-0 size-full rounded-3xl"
        >
          {stores.map((store) => {
            const at = pins.get(store.id);
            if (!at) return null;
            return (
              <g key={store.id} transform={`translate(${at.x} ${at.y}) scale(${store.isDefault ? 1.3 : 1})`}>
                <title>{store.name}</title>
                <path d="M0 0c-16-22-26-34-26-50a26 26 0 0 1 52 0c0 16-10 28-26 50z" fill="#6A4029" />
                <circle cy="-50" r="11" fill="#FFBA33" />
              </g>
            );
          })}
        </svg>
        {stores.length > 0 && (
          <figcaption className="mt-6 text-center text-muted">
            {stores.map((s) => s.name).join(' · ')}.{' '}
            <Link to={paths.stores.getHref()} className="font-medium text-espresso underline">
              Hours and addresses
            </Link>
          </figcaption>
        )}
      </figure>
    </section>
  );
}
