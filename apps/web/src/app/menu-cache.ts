import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@coffee/contract';
import { productQueryOptions } from '../features/products/api/get-product';
import { productListKeys } from '../features/products/api/get-products';

/**
 * After a staff change to the menu, every list (tabs, search, favourites) is refetched and the product's
 * own page shows the saved answer at once. Lives in the app layer: menu-admin and products are separate
 * features, and only the app may join them.
 */
export function useMenuCacheRefresh() {
  const queryClient = useQueryClient();
  return {
    async saved(product: Product) {
      queryClient.setQueryData(productQueryOptions(Number(product.id)).queryKey, product);
      await queryClient.invalidateQueries({ queryKey: productListKeys.all });
    },
    async deleted(id: number) {
      queryClient.removeQueries({ queryKey: productQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: productListKeys.all });
    },
  };
}
