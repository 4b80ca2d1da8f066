import { ProfilePage } from '../../features/profile/components/profile-page';
import { PushDevicesSection } from '../../features/push/components/push-devices';

/** /user: My Profile, signed-in only (route-guards). */
export function UserRoute() {
  return (
    <>
      <title>My Profile · Coffee Shop</title>
      <ProfilePage devices={<PushDevicesSection className="mt-8" />} />
    </>
  );
}
