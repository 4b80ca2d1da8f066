import { Checkout } from '../../features/cart/components/checkout';
import { useProfile } from '../../features/profile/api/get-profile';

/** Spec section 2, Checkout ('Your Cart' in the navigation): the real cart, delivery, address and payment. */
export function PaymentRoute() {
  // The Address Detail comes from the profile (spec section 2); the edit on this page is for the order only.
  const profile = useProfile();
  return (
    <>
      <title>Your Cart · Coffee Shop</title>
      <Checkout profile={profile.data} profileLoading={profile.isPending} />
    </>
  );
}
