import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLoginRecord } from '../../lib/login-record';
import { PromoPanel } from '../../features/products/components/promo-panel';
import { DEFAULT_TAB, ProductTabs, isProductTabKey } from '../../features/products/components/product-tabs';
import type { ProductTabKey } from '../../features/products/components/product-tabs';
import { SearchResults } from '../../features/products/components/search-results';

// Only a signed-in customer sees it, after the menu: its code (and the order and cart schemas it reads) comes later.
const YourUsual = lazy(async () => ({ default: (await import('../../features/favourites/components/your-usual')).YourUsual }));
// Only staff see it: a visitor's or a customer's menu never loads its code (nor the staff rights it checks).
const StaffAddProductLink = lazy(async () => ({ default: (await import('../../features/menu-admin/components/staff-links')).StaffAddProductLink }));

/** /products: Promo Today on the left; the category tabs, or search results when ?search= is set, on the right. */
export function ProductsRoute() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('search')?.trim() ?? '';
  const tabParam = params.get('tab');
  const tab: ProductTabKey = isProductTabKey(tabParam) ? tabParam : DEFAULT_TAB;
  // A signed-in customer's coupon goes on the server's cart; a visitor's browser cart takes none.
  const user = useLoginRecord();
  const signedIn = Boolean(user);
  // Only a customer has a usual; a visitor's page never loads its code.
  const customer = user?.role === 'customer';
  const staff = user?.role === 'staff';
  const queryClient = useQueryClient();
  const { t } = useLingui();
  // Loaded on the tap: the menu's first screen does not wait for the cart's mutation code.
  const applyCoupon = async (code: string) => (await import('../../features/cart/api/apply-coupon')).applyCouponToCart(queryClient, code);

  const changeTab = (next: ProductTabKey) => {
    // The tab lives in the address (shareable, survives reload); replace keeps Back meaning "previous page" and the
    // page where it is scrolled (app/routes/root-layout.tsx).
    setParams(next === DEFAULT_TAB ? {} : { tab: next }, { replace: true });
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 pt-8 pb-16 sm:px-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-10 lg:px-8 xl:grid-cols-[22rem_minmax(0,1fr)]">
      <title>{keyword ? t`Search: ${keyword} · Coffee Shop` : t`Products · Coffee Shop`}</title>
      <div className="lg:order-2">
        {staff && (
          <Suspense fallback={null}>
            <StaffAddProductLink className="mb-6" />
          </Suspense>
        )}
        {customer && (
          <Suspense fallback={null}>
            <YourUsual className="mb-6" />
          </Suspense>
        )}
        {keyword ? (
          <SearchResults keyword={keyword} />
        ) : (
          <>
            <h1 className="sr-only">
              <Trans>Products</Trans>
            </h1>
            <ProductTabs active={tab} onChange={changeTab} />
          </>
        )}
      </div>
      <aside aria-label={t`Promo Today`} className="lg:order-1">
        <PromoPanel onApply={signedIn ? applyCoupon : undefined} />
      </aside>
    </div>
  );
}
