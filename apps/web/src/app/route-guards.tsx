import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { lastRecordRemoval, useIsLoggedIn, useLoginRecord } from '../lib/login-record';
import { SESSION_ENDED_NOTICE, SIGN_IN_REQUIRED_NOTICE } from '../features/auth/components/auth-notice';
import { StaffOnly } from '../features/menu-admin/components/staff-only';

/** Spec section 2: a protected route sends a visitor without a login record to /login. */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) {
    // Just signed out: no notice. The server ended the session: say so. Otherwise: this page needs a sign-in.
    const removal = lastRecordRemoval();
    const notice = removal === 'session-ended' ? SESSION_ENDED_NOTICE : removal === 'signed-out' ? {} : SIGN_IN_REQUIRED_NOTICE;
    return <Navigate to={paths.login.getHref()} replace state={{ ...notice, from: location.pathname }} />;
  }
  return <Outlet />;
}

/** Spec section 2: login, register and forgot-password send signed-in visitors to /. */
export function RequireVisitor() {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

/**
 * Menu management is for staff (the API refuses customers with 403). A signed-in customer gets a page
 * that says so, not a redirect: it stays where they asked to go, and no redirect can loop.
 */
export function RequireStaff() {
  const user = useLoginRecord();
  if (user?.role !== 'staff') return <StaffOnly />;
  return <Outlet />;
}
