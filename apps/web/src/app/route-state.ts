import { createContext, use } from 'react';

/**
 * What the app's router (app/router.tsx) tells the screens it draws, in its declarative mode, where React Router's
 * `useMatches` and `useNavigation` are not available: the `handle` of each route matching the address, outermost
 * first, and whether a navigation is waiting for the next screen (its code, or what it suspends on).
 */
export const RouteHandlesContext = createContext<readonly unknown[]>([]);
export const NavigationPendingContext = createContext(false);

export const useRouteHandles = () => use(RouteHandlesContext);
export const useNavigationPending = () => use(NavigationPendingContext);
