import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { OidcErrorCode, oidcErrorMessage } from '@coffee/contract';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { Alert } from '../../components/ui/alert';
import { writeLoginRecord } from '../../lib/login-record';
import { useReturnTo } from '../../lib/return-to';
import { useOidcStatus } from '../../features/auth/api/get-oidc-status';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { readAuthNotice } from '../../features/auth/components/auth-notice';
import { LoginForm } from '../../features/auth/components/login-form';

/** /login. Success stores the answer's `data` whole as the login record and goes back where the customer was (else /). */
export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [notice, setNotice] = useState(() => readAuthNotice(location.state));
  const oidc = useOidcStatus();
  // A provider sign-in that failed comes back as /login?error=<code>; only known codes are shown.
  const providerError = OidcErrorCode.safeParse(params.get('error'));
  const [providerErrorShown, setProviderErrorShown] = useState(true);
  const returnTo = useReturnTo();
  const { t } = useLingui();

  return (
    <AuthLayout
      title={t`Login`}
      otherScreen="register"
    >
      <title>{t`Login · Coffee Shop`}</title>
      {notice && (
        <Alert tone={notice.tone ?? 'success'} onClose={() => setNotice(null)} className="mb-6">
          {notice.notice}
        </Alert>
      )}
      {providerError.success && providerErrorShown && (
        <Alert tone="danger" onClose={() => setProviderErrorShown(false)} className="mb-6">
          {oidcErrorMessage(providerError.data, oidc.data?.providerName || 'Google')}
        </Alert>
      )}
      <LoginForm
        onSignedIn={(user) => {
          // Nothing cached for a previous visitor or account may show to this one.
          queryClient.clear();
          writeLoginRecord(user);
          void navigate(returnTo ?? paths.home.getHref(), { replace: true });
        }}
      />
    </AuthLayout>
  );
}
