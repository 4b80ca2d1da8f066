import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { readLoginRecord, removeLoginRecord } from '../../lib/login-record';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import type { AuthNotice } from '../../features/auth/components/auth-notice';
import { DeadLink, ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** /reset-password?token=...: the page the password-reset mail links to. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useLingui();

  return (
    <AuthLayout
      title={t`Choose a new password`}
      otherScreen="login"
    >
      <title>{t`Reset Password · Coffee Shop`}</title>
      {token ? (
        <ResetPasswordForm
          token={token}
          onDone={(message) => {
            // The reset ended every session of the account, this browser's included.
            if (readLoginRecord() !== null) removeLoginRecord();
            queryClient.clear();
            const state: AuthNotice = { notice: message, tone: 'success' };
            void navigate(paths.login.getHref(), { replace: true, state });
          }}
        />
      ) : (
        <DeadLink message={t`This password reset link is incomplete. Open the link from the email again, or ask for a new one.`} />
      )}
    </AuthLayout>
  );
}
