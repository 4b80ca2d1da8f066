import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
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
  return (
    <>
      <title>History · Coffee Shop</title>
      <OrderHistory
        timeZone={shop.data?.timeZone}
        onOrderedAgain={({ cart, notes }) => {
          setCartData(queryClient, cart);
          toast(notes.length > 0 ? notes.join(' ') : 'Added to your cart');
          void navigate(paths.payment.getHref());
        }}
      />
    </>
  );
}
