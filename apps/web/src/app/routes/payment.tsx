import { Suspense, lazy, type ComponentProps } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Checkout } from '../../features/cart/components/checkout';
import { RewardChoice } from '../../features/loyalty/components/reward-choice';
import { useProfile } from '../../features/profile/api/get-profile';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';
import { StoreSlotChooser } from '../../features/stores/components/store-slot-chooser';

/**
 * "Tell me when it's ready" (features/push), loaded when drawn. Declared here, in this route's own chunk, rather than in
 * a module shared by the routes: a shared chunk is named in the entry's preload map, which is first-screen JavaScript.
 */
const TellMeWhenReady = lazy(async () => ({
  default: (await import('../../features/push/components/tell-me-when-ready')).TellMeWhenReady,
}));

/** Checkout ('Your Cart' in the navigation): the real cart, delivery, address and payment. */
export function PaymentRoute() {
  // The Address Detail comes from the profile; the edit on this page is for the order only.
  const profile = useProfile();
  // The shop's clock, days ahead and hours for the day and time pickers (GET /shop).
  const shop = useShopSettings();
  const { t } = useLingui();
  return (
    <>
      <title>{t`Your Cart · Coffee Shop`}</title>
      <Checkout
        profile={profile.data}
        profileLoading={profile.isPending}
        shop={shop.data}
        StoreChoice={StoreSlotChooser}
        RewardChoice={RewardChoice}
        AfterOrder={AfterOrder}
      />
    </>
  );
}

function AfterOrder(props: ComponentProps<typeof TellMeWhenReady>) {
  return (
    <Suspense fallback={null}>
      <TellMeWhenReady {...props} />
    </Suspense>
  );
}
