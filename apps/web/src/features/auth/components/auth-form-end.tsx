import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { GoogleButton } from './google-button';

type AuthFormActionsProps = {
  /** The submit button's words ('Login', 'Sign Up'), and the provider button's: '{action} with Google'. */
  action: 'Login' | 'Sign Up';
  pending: boolean;
  /** The submit button's words while the request runs ('Logging in…'). */
  pendingLabel: string;
};

/** Login and Register end alike: Forgot Password?, the submit button, "or", the provider button. */
export function AuthFormActions({ action, pending, pendingLabel }: AuthFormActionsProps) {
  const { t } = useLingui();
  const actionLabel = action === 'Login' ? t`Login` : t`Sign Up`;
  return (
    <>
      <Link
        to={paths.forgotPassword.getHref()}
        className="-mt-2 self-start rounded font-display font-medium text-espresso underline decoration-crema decoration-2 underline-offset-4 hover:decoration-espresso"
      >
        <Trans>Forgot Password?</Trans>
      </Link>
      <Button type="submit" variant="accent" size="lg" shape="soft" disabled={pending} className="w-full font-bold">
        {pending ? pendingLabel : actionLabel}
      </Button>
      <OrDivider />
      <GoogleButton action={action} />
    </>
  );
}

/** The "or" rule between the password form and the provider button. */
function OrDivider() {
  return (
    <div className="my-2 flex items-center gap-4 text-sm text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      <span>
        <Trans>or</Trans>
      </span>
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

/** "Don't have an account? Sign up here": the line under the form that leads to the other screen. */
export function AuthFootnote({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <p className="mt-8 text-center text-muted">
      {question}{' '}
      <Link to={to} className="rounded font-display font-bold text-espresso underline underline-offset-4">
        {link}
      </Link>
    </p>
  );
}
