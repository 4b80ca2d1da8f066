import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import type { AuthNotice } from '../../features/auth/components/auth-notice';
import { RegisterForm } from '../../features/auth/components/register-form';

/** /register (spec section 2). Success goes to /login (section 4), which shows the server's sentence. */
export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Sign Up"
      otherScreen="login"
    >
      <title>Sign Up · Coffee Shop</title>
      <RegisterForm
        onRegistered={(message) => {
          const state: AuthNotice = { notice: message, tone: 'success' };
          void navigate(paths.login.getHref(), { state });
        }}
      />
    </AuthLayout>
  );
}
