import { StoreList } from '../../features/stores/components/store-list';

/** Our stores: where they are, today's hours, open now, and whether online ordering is slowed or paused. */
export function StoresRoute() {
  return (
    <>
      <title>Our stores · Coffee Shop</title>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="mb-8 font-display text-3xl font-bold text-ink sm:text-4xl">Our stores</h1>
        <StoreList />
      </div>
    </>
  );
}
