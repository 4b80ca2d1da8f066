import { Link, useNavigate, useParams } from 'react-router';
import type { Product } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { buttonStyles } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { useToast } from '../../components/ui/toast';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useGoBack } from '../../lib/use-go-back';
import { parseProductId, useProduct } from '../../features/products/api/get-product';
import { useUpdateProduct } from '../../features/menu-admin/api/save-product';
import { DeleteProductButton } from '../../features/menu-admin/components/delete-product-button';
import { ProductForm } from '../../features/menu-admin/components/product-form';
import { useOptionGroups } from '../../features/menu-options/api/get-option-groups';
import { ProductSoldOutByStore } from '../../features/stores/components/sold-out-toggles';
import { useStaffMay } from '../../lib/staff-rights';
import { useMenuCacheRefresh } from '../menu-cache';

/** /edit-products/:id (Edit Product): staff only (route-guards), pre-filled from the product. */
export function EditProductsRoute() {
  const id = parseProductId(useParams().id);
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-6 lg:px-8">
      <title>{t`Edit Product · Coffee Shop`}</title>
      {id === null ? <UnknownProduct /> : <LoadedProduct key={id} id={id} />}
    </div>
  );
}

function LoadedProduct({ id }: { id: number }) {
  const query = useProduct(id);
  const { t } = useLingui();
  if (query.isPending) {
    return (
      <div className="grid min-h-[50vh] place-items-center">
        <Spinner label={t`Loading product`} />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.isNotFound) return <UnknownProduct />;
    return (
      <>
        <h1 className="sr-only">
          <Trans>Edit Product</Trans>
        </h1>
        <ErrorState
          title={t`We couldn't load this product`}
          message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  }
  return <EditForm product={query.data} />;
}

function EditForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.product.getHref(product.id));
  const cache = useMenuCacheRefresh();
  const toast = useToast();
  const optionGroups = useOptionGroups();
  const mayStock = useStaffMay('stock');
  const { t } = useLingui();
  const update = useUpdateProduct({
    onSuccess: async (saved) => {
      await cache.saved(saved);
      const name = saved.name;
      toast(t`${name} was updated.`);
      await navigate(paths.products.getHref({ tab: saved.category }));
    },
  });

  return (
    <>
      <h1 className="font-display text-3xl font-bold text-espresso sm:text-4xl">
        <Trans>Edit Product</Trans>
      </h1>
      <p className="mt-2 text-muted">
        <Trans>
          Changes show on the menu as soon as they are saved.{' '}
          <Link to={paths.product.getHref(product.id)} className="rounded font-medium text-espresso underline underline-offset-4">
            See its page
          </Link>
        </Trans>
      </p>
      <div className="mt-10 rounded-3xl bg-white p-6 shadow-card sm:p-10">
        <ProductForm
          product={product}
          optionGroups={optionGroups.data}
          onSubmit={(fields, picture) =>
            update.mutateAsync({
              id: Number(product.id),
              // A chosen file goes as multipart; "Remove Picture" alone is JSON image: null.
              fields: picture.remove ? { ...fields, image: null } : fields,
              picture: picture.file,
            })
          }
          onCancel={goBack}
          deleteAction={
            <DeleteProductButton
              product={product}
              onDeleted={async (id) => {
                const name = product.name;
                toast(t`${name} was removed from the menu.`);
                // Leave the page before its product disappears from the cache, so it never shows "not found".
                await navigate(paths.products.getHref({ tab: product.category }), { replace: true });
                await cache.deleted(id);
              }}
            />
          }
        />
      </div>
      {mayStock && (
        <section aria-labelledby="sold-out-by-store" className="mt-10 rounded-3xl bg-white p-6 shadow-card sm:p-10">
          <h2 id="sold-out-by-store" className="mb-2 font-display text-2xl font-bold text-espresso">
            <Trans>Sold out per store</Trans>
          </h2>
          <p className="mb-6 text-muted">
            <Trans>A store that has run out: customers who chose it see Sold out; the other stores still sell it.</Trans>
          </p>
          <ProductSoldOutByStore product={{ id: Number(product.id), name: product.name, isSoldOut: product.isSoldOut }} />
        </section>
      )}
    </>
  );
}

function UnknownProduct() {
  return (
    <div className="flex flex-col items-center py-16 text-center">
      <h1 className="font-display text-3xl font-bold text-espresso">
        <Trans>We couldn&apos;t find that product</Trans>
      </h1>
      <p className="mt-3 text-muted">
        <Trans>It may have been removed from the menu already.</Trans>
      </p>
      <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'accent', className: 'mt-8' })}>
        <Trans>Back to products</Trans>
      </Link>
    </div>
  );
}
