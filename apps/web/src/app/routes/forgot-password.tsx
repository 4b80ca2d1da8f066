import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** /forgot-password, wired to the API. */
export function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Don't worry, we got your back!"
      otherScreen="login"
    >
      <title>Forgot Password · Coffee Shop</title>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
