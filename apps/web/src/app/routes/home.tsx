import { Suspense, lazy } from 'react';
import { Hero } from '../../features/home/components/hero';

// Below the hero: off the first screen's JavaScript. Prerendered with the page, so its HTML is there at once; React
// hydrates it when its code arrives.
const HomeSections = lazy(async () => ({ default: (await import('./home-sections')).HomeSections }));

/** Home, section by section in the original shop's order. */
export function HomeRoute() {
  return (
    <>
      <title>Coffee Shop: good coffee and healthy meals</title>
      <Hero />
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
