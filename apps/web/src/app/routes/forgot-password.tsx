import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the accounts work replaces it (spec section 2, Forgot password). */
export function ForgotPasswordRoute() {
  return (
    <>
      <title>Forgot Password · Coffee Shop</title>
      <SimplePage title="Forgot Password" />
    </>
  );
}
