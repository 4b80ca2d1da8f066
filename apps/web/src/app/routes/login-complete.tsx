import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnTo } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { Spinner } from '../../components/ui/spinner';
import { writeLoginRecord } from '../../lib/login-record';
import { getSession } from '../../features/auth/api/get-session';

/**
 * Where the API sends the browser after a provider ("Login with Google") sign-in: the session cookie is
 * set, so the record is read from GET /auth/session and stored like a password sign-in's.
 */
export function LoginCompleteRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { t } = useLingui();
  const returnTo = safeReturnTo(params.get('returnTo')) ?? paths.home.getHref();

  useEffect(() => {
    const controller = new AbortController();
    getSession(controller.signal)
      .then((user) => {
        if (!user) {
          void navigate(`${paths.login.getHref()}?error=oidc_failed`, { replace: true });
          return;
        }
        queryClient.clear();
        writeLoginRecord(user);
        void navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        void navigate(`${paths.login.getHref()}?error=oidc_unavailable`, { replace: true });
      });
    return () => controller.abort();
  }, [navigate, queryClient, returnTo]);

  return (
    <div className="grid min-h-[60vh] place-items-center">
      <title>{t`Signing in · Coffee Shop`}</title>
      <h1 className="sr-only">
        <Trans>Signing in</Trans>
      </h1>
      <Spinner label={t`Signing you in`} />
    </div>
  );
}
