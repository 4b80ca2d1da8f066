import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import heroScene from '../../../assets/hero-scene.svg';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSignOut } from '../../../lib/sign-out';
import { useProfile } from '../api/get-profile';
import { MemberCardSection } from './member-card';
import { ProfileForm } from './profile-form';

/** /user: a photo background, the avatar card on the left, contacts and details on the right. */
/**
 * `devices`: the app's order-notification devices section (features/push), under the member card; `points`: the
 * customer's points (features/loyalty), above it.
 */
export function ProfilePage({ devices, points }: { devices?: ReactNode; points?: ReactNode } = {}) {
  const query = useProfile();
  const { signOut, pending } = useSignOut();
  const { t } = useLingui();

  return (
    <div className="relative isolate min-h-full bg-espresso-deep">
      <img src={heroScene} alt="" className="absolute inset-0 -z-10 h-112 w-full object-cover opacity-70 sm:h-128" />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[linear-gradient(180deg,rgb(18_8_4/0.55),rgb(18_8_4/0.85)_26rem,var(--color-page)_26rem)]" />
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-6 lg:px-8">
        <h1 className="font-display text-3xl font-bold text-white sm:text-4xl">
          <Trans>User Profile</Trans>
        </h1>
        <div className="mt-8">
          {query.isPending ? (
            <div className="grid min-h-80 place-items-center rounded-3xl bg-white shadow-card">
              <Spinner label={t`Loading your profile`} />
            </div>
          ) : query.isError ? (
            <ErrorState
              title={t`We couldn't load your profile`}
              message={errorMessage(query.error)}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : (
            <ProfileForm profile={query.data} onLogout={() => void signOut()} signingOut={pending} />
          )}
        </div>
        {query.data?.role === 'customer' && (
          <div className="mt-8 grid gap-8 lg:grid-cols-2">
            {points}
            <MemberCardSection />
          </div>
        )}
        {query.data && devices}
      </div>
    </div>
  );
}
