import storeMap from '../../../assets/store-map.svg';

export function StoreMap() {
  return (
    <section aria-labelledby="map-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="map-heading" className="font-display text-3xl font-bold text-ink sm:text-4xl">
          Visit Our Store in the Spot on the Map Below
        </h2>
        <p className="mt-4 text-muted">See our store in every city on the spot and spend your good day there. See you soon!</p>
      </div>
      <figure className="mt-12">
        <img
          src={storeMap}
          alt="Map of the city with our stores marked by brown pins; the main store sits at the central crossroads."
          loading="lazy"
          width={1200}
          height={560}
          className="aspect-[4/3] w-full rounded-3xl object-cover shadow-card sm:aspect-[15/7]"
        />
      </figure>
    </section>
  );
}
