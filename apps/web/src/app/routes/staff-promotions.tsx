import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { MAX_PAGE_LIMIT } from '@coffee/contract';
import { useInfiniteProducts } from '../../features/products/api/get-products';
import { PromotionsAdmin } from '../../features/promotions-admin/components/promotions-admin';
import type { PromotionMenu } from '../../features/promotions-admin/components/promotions-admin';

/** Staff: the coupons of the Promo Today panel and their rules (guarded by RequireStaff; the API refuses customers too). */
export function StaffPromotionsRoute() {
  const { t } = useLingui();
  const menu = useInfiniteProducts({ sort: 'name' }, { limit: MAX_PAGE_LIMIT });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = menu;
  // Any product on the menu may qualify for a promotion, so the picker needs all of them, however long the menu.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const products = menu.data?.pages.flatMap((page) => page.data) ?? [];
  const status: PromotionMenu['status'] = menu.isError ? 'failed' : menu.isPending || hasNextPage ? 'loading' : 'ready';

  return (
    <>
      <title>{t`Promotions · Coffee Shop`}</title>
      <PromotionsAdmin menu={{ products, status }} />
    </>
  );
}
