import { ProfilePage } from '../../features/profile/components/profile-page';

/** /user: My Profile, signed-in only (route-guards). */
export function UserRoute() {
  return (
    <>
      <title>My Profile · Coffee Shop</title>
      <ProfilePage />
    </>
  );
}
