import { Fragment, Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Product } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { buttonStyles } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAddToCart, useCurrentDelivery } from '../../features/cart/use-add-to-cart';
import { parseProductId, useProduct } from '../../features/products/api/get-product';
import type { FavouriteHeartProps } from '../../features/favourites/components/favourite-heart';
import { ProductDetail } from '../../features/products/components/product-detail';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';
import { useAskStaff } from '../../features/questions/components/use-ask-staff';
import { useLoginRecord } from '../../lib/login-record';

// The heart is for signed-in customers and comes after the page: its code is not part of the first screen.
const FavouriteHeart = lazy(async () => ({ default: (await import('../../features/favourites/components/favourite-heart')).FavouriteHeart }));
// Only staff see it: a visitor's or a customer's page never loads its code (nor the staff rights it checks).
const StaffEditProductBar = lazy(async () => ({ default: (await import('../../features/menu-admin/components/staff-links')).StaffEditProductBar }));

function FavouriteHeartLater(props: FavouriteHeartProps) {
  // Only a customer saves drinks: a visitor's page never loads the heart's code.
  if (useLoginRecord()?.role !== 'customer') return null;
  return (
    <Suspense fallback={null}>
      <FavouriteHeart {...props} />
    </Suspense>
  );
}

export function ProductDetailRoute() {
  const id = parseProductId(useParams().id);
  if (id === null) return <ProductNotFound />;
  // Keyed by id: moving to another product starts with fresh choices.
  return <LoadedProduct key={id} id={id} />;
}

function LoadedProduct({ id }: { id: number }) {
  const query = useProduct(id);
  // The shop's hours bound the time field; its clock says which day a time means.
  const shop = useShopSettings();
  const addToCart = useAddToCart(shop.data?.timeZone);
  const currentDelivery = useCurrentDelivery();
  const navigate = useNavigate();
  const toast = useToast();
  const staff = useLoginRecord()?.role === 'staff';
  const { t } = useLingui();

  if (query.isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner label={t`Loading product`} />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.isNotFound) return <ProductNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <title>{t`Product · Coffee Shop`}</title>
        <h1 className="sr-only">
          <Trans>Product</Trans>
        </h1>
        <ErrorState
          title={t`We couldn't load this product`}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  const name = query.data.name;
  return (
    <>
      <title>{t`${name} · Coffee Shop`}</title>
      {staff && (
        <Suspense fallback={null}>
          <StaffEditProductBar productId={Number(query.data.id)} />
        </Suspense>
      )}
      <AskStaff product={query.data} chatUrl={shop.data?.chatUrl}>
        {(askStaff) => (
          <ProductDetail
            product={query.data}
            initialDelivery={currentDelivery}
            deliveryWindows={shop.data?.deliveryWindows}
            maxQuantity={shop.data?.maxLineQuantity}
            onAddToCart={async (selection) => {
              await addToCart.mutateAsync(selection);
              toast(t`Added to your cart`);
            }}
            onCheckout={async (selection) => {
              if (selection.lines.length > 0) await addToCart.mutateAsync(selection);
              // A visitor keeps the lines in this browser; the login guard sends them to sign in, and the cart merges then.
              await navigate(paths.payment.getHref());
            }}
            onAskStaff={askStaff}
            FavouriteButton={FavouriteHeartLater}
          />
        )}
      </AskStaff>
    </>
  );
}

/** Ask a Staff for this product: the chat link, or the message form (filled in with a signed-in customer's name and email). */
function AskStaff({
  product,
  chatUrl,
  children,
}: {
  product: Product;
  chatUrl: string | null | undefined;
  children: (ask: () => void) => ReactNode;
}) {
  const user = useLoginRecord();
  const prefill = user ? { name: user.displayName, contact: user.email } : undefined;
  const { ask, dialog } = useAskStaff({ chatUrl, product: { id: Number(product.id), name: product.name }, prefill });
  return (
    <>
      {children(ask)}
      {/* Keyed by the account: a sign-in or sign-out while the page is open fills the form anew. */}
      <Fragment key={user?.id ?? 'visitor'}>{dialog}</Fragment>
    </>
  );
}

function ProductNotFound() {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>{t`Product not found · Coffee Shop`}</title>
      <svg viewBox="0 0 96 96" aria-hidden="true" className="size-24">
        <circle cx="48" cy="48" r="46" fill="#FFF3D9" />
        <path d="M26 40h40l-4 30a6 6 0 0 1-6 5H36a6 6 0 0 1-6-5z" fill="#fff" stroke="#6A4029" strokeWidth="3" />
        <path d="M40 52l12 12M52 52 40 64" stroke="#6A4029" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1 className="mt-6 font-display text-3xl font-bold text-espresso">
        <Trans>We couldn't find that product</Trans>
      </h1>
      <p className="mt-3 text-muted">
        <Trans>It may have left the menu, or the link has a typo.</Trans>
      </p>
      <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'accent', className: 'mt-8' })}>
        <Trans>Back to products</Trans>
      </Link>
    </div>
  );
}
