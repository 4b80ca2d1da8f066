import { ProfilePage } from '../../features/profile/components/profile-page';

/** /user: My Profile (spec section 2), signed-in only (route-guards). */
export function UserRoute() {
  return (
    <>
      <title>My Profile · Coffee Shop</title>
      <ProfilePage />
    </>
  );
}
