import { Checkout } from '../../features/cart/components/checkout';
import { useProfile } from '../../features/profile/api/get-profile';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';
import { StoreSlotChooser } from '../../features/stores/components/store-slot-chooser';
import { TellMeWhenReady } from '../../features/push/components/tell-me-when-ready';

/** Checkout ('Your Cart' in the navigation): the real cart, delivery, address and payment. */
export function PaymentRoute() {
  // The Address Detail comes from the profile; the edit on this page is for the order only.
  const profile = useProfile();
  // The shop's clock, days ahead and hours for the day and time pickers (GET /shop).
  const shop = useShopSettings();
  return (
    <>
      <title>Your Cart · Coffee Shop</title>
      <Checkout
        profile={profile.data}
        profileLoading={profile.isPending}
        shop={shop.data}
        StoreChoice={StoreSlotChooser}
        AfterOrder={TellMeWhenReady}
      />
    </>
  );
}
