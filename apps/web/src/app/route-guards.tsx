import { Navigate, Outlet, useLocation } from 'react-router';
import { staffMay, type StaffRight } from '@coffee/contract';
import { paths } from '../config/paths';
import { lastRecordRemoval, useIsLoggedIn, useLoginRecord } from '../lib/login-record';
import { useReturnTo } from '../lib/return-to';
import { useLingui } from '@lingui/react/macro';
import type { AuthNotice } from '../features/auth/components/auth-notice';
import { StaffOnly } from '../features/menu-admin/components/staff-only';
import { useRouteHandles } from './route-state';

/** A protected route sends a visitor without a login record to /login. */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const { t } = useLingui();
  if (!loggedIn) {
    // Just signed out: no notice. The server ended the session: say so. Otherwise: this page needs a sign-in.
    const removal = lastRecordRemoval();
    // In the screens' language now: the login page shows the sentence as it was handed over.
    const notice: Partial<AuthNotice> =
      removal === 'session-ended'
        ? { notice: t`Your session has ended. Please sign in again.`, tone: 'info' }
        : removal === 'signed-out'
          ? {}
          : { notice: t`Please sign in to continue.`, tone: 'info' };
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login.getHref(from)} replace state={{ ...notice, from }} />;
  }
  return <Outlet />;
}

/** Login, register and forgot-password send signed-in visitors on (to `returnTo`, else /): they have nothing to do there. */
export function RequireVisitor() {
  const loggedIn = useIsLoggedIn();
  // Also what a sign-in on these screens meets first: the login record appears before its own navigation runs.
  const returnTo = useReturnTo();
  if (loggedIn) return <Navigate to={returnTo ?? paths.home.getHref()} replace />;
  return <Outlet />;
}

/**
 * Menu management is for staff (the API refuses customers with 403). A signed-in customer gets a page
 * that says so, not a redirect: it stays where they asked to go, and no redirect can loop.
 */
export function RequireStaff() {
  const user = useLoginRecord();
  // A page of one area (its route's handle names the right) is refused to a role without it, as the API would.
  const right = useRouteHandles()
    .map((handle) => (handle as { staffRight?: StaffRight } | undefined)?.staffRight)
    .find((r) => r !== undefined);
  if (user?.role !== 'staff') return <StaffOnly />;
  if (right && !staffMay(user.staffRole, right)) return <StaffOnly role />;
  return <Outlet />;
}
