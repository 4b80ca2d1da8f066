import { useNavigate, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import type { AuthNotice } from '../../features/auth/components/auth-notice';
import { DeadLink } from '../../features/auth/components/reset-password-form';
import { JoinForm } from '../../features/staff-admin/components/join-form';

/** /staff/join?token=...: the page a staff invitation mail links to; once joined, the person signs in. */
export function StaffJoinRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <AuthLayout title={t`Join the Coffee Shop team`} otherScreen="login">
      <title>{t`Join the team · Coffee Shop`}</title>
      {token ? (
        <JoinForm
          token={token}
          onJoined={(message) => {
            const state: AuthNotice = { notice: message, tone: 'success' };
            void navigate(paths.login.getHref(), { replace: true, state });
          }}
        />
      ) : (
        <DeadLink message={t`This invitation link is incomplete. Open the link from the email again, or ask the owner for a new one.`} />
      )}
    </AuthLayout>
  );
}
