import { Suspense, lazy } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Hero } from '../../features/home/components/hero';
import { useLoginRecord } from '../../lib/login-record';

// Below the hero: off the first screen's JavaScript. Prerendered with the page, so its HTML is there at once; React
// hydrates it when its code arrives.
const HomeSections = lazy(async () => ({ default: (await import('./home-sections')).HomeSections }));
// A signed-in customer's saved drinks (features/favourites), loaded after the first screen; nothing for visitors.
const YourUsual = lazy(async () => ({ default: (await import('../../features/favourites/components/your-usual')).YourUsual }));

// Its bottom margin is larger than the numbers' pull into the hero (stats.tsx -mt-20, lg:-mt-24), so they never cover it.
function YourUsualStrip() {
  // Its code (and the schemas it reads) is asked for only for a signed-in customer: a visitor's page never loads it.
  if (useLoginRecord()?.role !== 'customer') return null;
  return <YourUsual className="relative z-20 mx-4 mt-8 mb-24 sm:mx-auto sm:max-w-3xl lg:mb-28" />;
}

/** Home, section by section in the original shop's order. */
export function HomeRoute() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`Coffee Shop: good coffee and healthy meals`}</title>
      <Hero />
      <Suspense fallback={null}>
        <YourUsualStrip />
      </Suspense>
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
