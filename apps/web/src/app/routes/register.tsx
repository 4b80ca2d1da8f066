import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the accounts work replaces it with the register form (spec section 2, Register). */
export function RegisterRoute() {
  return (
    <>
      <title>Sign Up · Coffee Shop</title>
      <SimplePage title="Sign Up" />
    </>
  );
}
