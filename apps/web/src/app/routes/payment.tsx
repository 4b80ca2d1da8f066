import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the orders work replaces it with checkout (spec section 2, Checkout). */
export function PaymentRoute() {
  return (
    <>
      <title>Your Cart · Coffee Shop</title>
      <SimplePage title="Your Cart" />
    </>
  );
}
