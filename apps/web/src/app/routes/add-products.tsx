import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { useToast } from '../../components/ui/toast';
import { useGoBack } from '../../lib/use-go-back';
import { useCreateProduct } from '../../features/menu-admin/api/save-product';
import { ProductForm } from '../../features/menu-admin/components/product-form';
import { useOptionGroups } from '../../features/menu-options/api/get-option-groups';
import { useMenuCacheRefresh } from '../menu-cache';

/** /add-products (Add Product): staff only (route-guards). */
export function AddProductsRoute() {
  const navigate = useNavigate();
  const { t } = useLingui();
  const goBack = useGoBack(paths.products.getHref());
  const cache = useMenuCacheRefresh();
  const toast = useToast();
  const optionGroups = useOptionGroups();
  const create = useCreateProduct({
    onSuccess: async (product) => {
      await cache.saved(product);
      const name = product.name;
      toast(t`${name} was added to the menu.`);
      // Its category's tab, where the new product shows.
      await navigate(paths.products.getHref({ tab: product.category }));
    },
  });

  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-6 lg:px-8">
      <title>{t`Add Product · Coffee Shop`}</title>
      <h1 className="font-display text-3xl font-bold text-espresso sm:text-4xl">
        <Trans>Add Product</Trans>
      </h1>
      <p className="mt-2 text-muted">
        <Trans>A new product shows on the menu as soon as it is saved.</Trans>
      </p>
      <div className="mt-10 rounded-3xl bg-white p-6 shadow-card sm:p-10">
        <ProductForm
          onSubmit={(fields, picture) => create.mutateAsync({ fields, picture: picture.file })}
          onCancel={goBack}
          optionGroups={optionGroups.data}
        />
      </div>
    </div>
  );
}
