import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonStyles } from '../../components/ui/button';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** /forgot-password (spec section 2), wired to the API. */
export function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Don't worry, we got your back!"
      headerAction={
        <Link to={paths.login.getHref()} className={buttonStyles({ variant: 'primary', size: 'sm', className: 'px-6' })}>
          Login
        </Link>
      }
    >
      <title>Forgot Password · Coffee Shop</title>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
