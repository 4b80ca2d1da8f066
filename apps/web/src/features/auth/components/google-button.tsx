import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { OidcStatus } from '@coffee/contract';
import { buttonStyles } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useOidcStatus } from '../api/get-oidc-status';

type GoogleButtonProps = {
  /** 'Login' on the login screen, 'Sign Up' on register: '{action} with Google'. */
  action: 'Login' | 'Sign Up';
  /** For tests and previews; read from the API otherwise. */
  status?: OidcStatus;
};

/**
 * 'Login with Google' / 'Sign Up with Google' on Login and Register. Always shown; when the shop
 * has no provider configured it is disabled and says so, instead of failing after a click.
 * When configured, it is a full-page navigation to the API's start address (the provider's pages
 * cannot run inside the app).
 */
export function GoogleButton({ action, status: given }: GoogleButtonProps) {
  const query = useOidcStatus();
  const status = given ?? query.data;
  const noteId = useId();
  const { t } = useLingui();
  const providerName = status?.providerName || 'Google';
  const label = action === 'Login' ? t`Login with ${providerName}` : t`Sign Up with ${providerName}`;
  const look = buttonStyles({ variant: 'light', size: 'lg', shape: 'soft', className: 'w-full border border-line shadow-card' });

  if (status?.enabled && status.startUrl) {
    return (
      <a href={status.startUrl} className={look}>
        <GoogleMark />
        {label}
      </a>
    );
  }

  const loading = !given && query.isPending;
  return (
    <div>
      <button
        type="button"
        disabled
        aria-describedby={loading ? undefined : noteId}
        className={cn(look, 'disabled:opacity-100 disabled:bg-page disabled:text-[#5c5c5c]')}
      >
        <GoogleMark muted />
        {label}
      </button>
      {!loading && (
        <p id={noteId} className="mt-2 text-center text-sm text-muted">
          {/* The contract's OidcNotConfiguredMessage, word for word in English, in the screen's language. */}
          {t`${providerName} sign-in is not set up for this shop. Sign in with your email and password.`}
        </p>
      )}
    </div>
  );
}

function GoogleMark({ muted = false }: { muted?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn('size-6', muted && 'opacity-50 grayscale')}>
      <path fill="#4285F4" d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.8h3.6c2.1-2 3.3-4.8 3.3-8.1z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 10z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}
