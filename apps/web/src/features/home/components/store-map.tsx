import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Store } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import storeMap from '../../../assets/store-map.svg';

const WIDTH = 1200;
const HEIGHT = 560;
// Room around the outermost stores, so no pin sits on the edge of the picture (pins are drawn 50 units tall).
const MARGIN = { left: 120, right: 120, top: 120, bottom: 60 };

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
 * Our illustrated city with a numbered pin per store, each named beside its pin (from 640 px up) and in the list
 * under the map. The whole picture is shown at every width (no crop: on a 360 px phone a crop kept one pin of five,
 * cut in half). Used by home and by /stores.
 */
export function StoreMapFigure({ stores, className, children }: { stores: readonly Store[]; className?: string; children?: ReactNode }) {
  const { t } = useLingui();
  const pins = pinPositions(stores);
  const count = stores.length;
  // The stores' own names, as the API sends them (a list, not a sentence: the comma is the same in both languages).
  const names = stores.map((s) => s.name).join(', ');
  return (
    <figure className={cn('relative', className)}>
      <div className="relative">
        <img src={storeMap} alt="" loading="lazy" width={WIDTH} height={HEIGHT} className="aspect-[15/7] w-full rounded-3xl object-cover shadow-card" />
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={
            count > 0
              ? t`${plural(count, { one: 'Map of our # store', other: 'Map of our # stores' })}: ${names}`
              : t`Map of the city where our stores are`
          }
          className="absolute inset-0 size-full rounded-3xl"
        >
          {stores.map((store, index) => {
            const at = pins.get(store.id);
            if (!at) return null;
            // Names to the left of pins on the right half, so none runs off the picture.
            const right = at.x > WIDTH / 2;
            return (
              <g key={store.id} transform={`translate(${at.x} ${at.y}) scale(${store.isDefault ? 1.3 : 1})`}>
                <title>{store.name}</title>
                <path d="M0 0c-16-22-26-34-26-50a26 26 0 0 1 52 0c0 16-10 28-26 50z" fill="#6A4029" />
                <circle cy="-50" r="15" fill="#FFBA33" />
                <text y="-43" textAnchor="middle" fontSize="22" fontWeight="700" fill="#2A1810">
                  {index + 1}
                </text>
                <text
                  x={right ? -34 : 34}
                  y="-44"
                  textAnchor={right ? 'end' : 'start'}
                  fontSize="26"
                  fontWeight="700"
                  fill="#2A1810"
                  stroke="#FFFFFF"
                  strokeWidth="6"
                  paintOrder="stroke"
                  className="max-sm:hidden"
                >
                  {store.name}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      {stores.length > 0 && (
        <figcaption className="mt-6 text-center text-muted">
          <ol className="flex flex-wrap justify-center gap-x-4 gap-y-1" aria-label={t`Stores on the map`}>
            {stores.map((s, index) => (
              <li key={s.id}>
                <span className="font-bold text-espresso">{index + 1}</span> {s.name}
              </li>
            ))}
          </ol>
          {children}
        </figcaption>
      )}
    </figure>
  );
}

/** Home's map section: the spec's heading and words above the map; the stores come once the page is interactive. */
export function StoreMap({ stores = [] }: { stores?: readonly Store[] | undefined }) {
  return (
    <section aria-labelledby="map-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="map-heading" className="font-display text-3xl font-bold text-ink sm:text-4xl">
          <Trans>Visit Our Store in the Spot on the Map Below</Trans>
        </h2>
        <p className="mt-4 text-muted">
          <Trans>See our store in every city on the spot and spend your good day there. See you soon!</Trans>
        </p>
      </div>
      <StoreMapFigure stores={stores} className="mt-12">
        <p className="mt-2">
          <Link to={paths.stores.getHref()} className="font-medium text-espresso underline">
            <Trans>Hours and addresses</Trans>
          </Link>
        </p>
      </StoreMapFigure>
    </section>
  );
}
