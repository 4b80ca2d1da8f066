import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { useToast } from '../../components/ui/toast';
import { setCartData } from '../../features/cart/api/get-cart';
import { OrderHistory } from '../../features/orders/components/order-history';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';

/** History. 'Order again' fills the cart and opens the checkout. */
export function HistoryRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const shop = useShopSettings();
  const { t } = useLingui();
  return (
    <>
      <title>{t`History · Coffee Shop`}</title>
      <OrderHistory
        timeZone={shop.data?.timeZone}
        onOrderedAgain={({ cart, notes }) => {
          setCartData(queryClient, cart);
          // The notes are the API's sentences (in the screens' language), each whole.
          toast(notes.length > 0 ? notes.join(' ') : t`Added to your cart`);
          void navigate(paths.payment.getHref());
        }}
      />
    </>
  );
}
