import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the accounts work replaces it with the login form (spec section 2, Login). */
export function LoginRoute() {
  return (
    <>
      <title>Login · Coffee Shop</title>
      <SimplePage title="Login" />
    </>
  );
}
