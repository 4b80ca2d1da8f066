import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the accounts work replaces it with the profile (spec section 2, Profile). */
export function UserRoute() {
  return (
    <>
      <title>My Profile · Coffee Shop</title>
      <SimplePage title="My Profile" />
    </>
  );
}
