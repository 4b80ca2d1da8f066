import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useIsLoggedIn } from '../lib/login-record';

/** Spec section 2: a protected route sends a visitor without a login record to /login. */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Spec section 2: login, register and forgot-password send signed-in visitors to /. */
export function RequireVisitor() {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
