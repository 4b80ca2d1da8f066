import { useLingui } from '@lingui/react/macro';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** /forgot-password, wired to the API. */
export function ForgotPasswordRoute() {
  const { t } = useLingui();
  return (
    <AuthLayout
      title={t`Forgot your password?`}
      subtitle={t`Don't worry, we got your back!`}
      otherScreen="login"
    >
      <title>{t`Forgot Password · Coffee Shop`}</title>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
