import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { writeLoginRecord } from '../../lib/login-record';
import { useReturnTo } from '../../lib/return-to';
import { login } from '../../features/auth/api/login';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import type { AuthNotice } from '../../features/auth/components/auth-notice';
import { RegisterForm } from '../../features/auth/components/register-form';

/**
 * /register. Success signs the new customer in with what they just typed and goes back where they were (else /):
 * nobody should type the same email and password twice. When that sign-in fails (the email already had an
 * account, with another password), Login opens with the server's sentence, keeping where they were going.
 */
export function RegisterRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnTo = useReturnTo();
  const { t } = useLingui();
  return (
    <AuthLayout
      title={t`Sign Up`}
      otherScreen="login"
    >
      <title>{t`Sign Up · Coffee Shop`}</title>
      <RegisterForm
        onRegistered={async (message, credentials) => {
          const user = await login(credentials).catch(() => null);
          if (user) {
            // Nothing cached for the visitor may show to the new account (the visitor cart merges at sign-in).
            queryClient.clear();
            writeLoginRecord(user);
            await navigate(returnTo ?? paths.home.getHref(), { replace: true });
            return;
          }
          const state: AuthNotice = { notice: message, tone: 'success' };
          await navigate(paths.login.getHref(returnTo), { state });
        }}
      />
    </AuthLayout>
  );
}
