import { Suspense, use, useLayoutEffect, useMemo, useState, useTransition } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { loadArea, type Area } from '../lib/i18n';
import { NavigationPendingContext, RouteHandlesContext } from './route-state';
import { RootLayout } from './routes/root-layout';
import { RouteErrorBoundary } from './routes/route-error';

/**
 * The words a screen of an area draws besides the shop's: its forms word errors with the contract's, and a staff
 * screen shows orders as a customer's screens do.
 */
const WORDS_OF: Record<Exclude<Area, 'shop'>, Area[]> = {
  account: ['account', 'contract'],
  staff: ['account', 'staff', 'contract'],
  contract: ['contract'],
};

/** Each lazy screen's element, and what fetches its code. */
const preloads = new WeakMap<object, () => Promise<void>>();

/**
 * A route's lazy part: the screen component `name` of the module `load` imports (one short line per route), and the
 * words of its `area` beyond the shop's (lingui.config.ts). Its code and words are fetched when it is first drawn (the
 * screen suspends until then), or before, by preloadScreens.
 */
function page<Module>(
  load: () => Promise<Module>,
  name: { [K in keyof Module]: Module[K] extends ComponentType ? K : never }[keyof Module],
  area?: Exclude<Area, 'shop'>,
) {
  let Screen: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), ...(area ? WORDS_OF[area] : []).map((words) => loadArea(words))]).then(
      ([module]) => {
        Screen = module[name] as ComponentType;
      },
      (error: unknown) => {
        // A failed download is tried again on the next visit to the screen.
        loading = undefined;
        throw error;
      },
    ));
  function LazyScreen() {
    if (!Screen) use(preload());
    return Screen ? <Screen /> : null;
  }
  const element = <LazyScreen />;
  preloads.set(element, preload);
  return { element };
}

/**
 * The one route table, built from config/paths.ts. Every screen loads on demand (the entry holds the layout, which
 * every page draws), and so do the guards (their notices and the staff-only screen).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, ...page(() => import('./routes/home'), 'HomeRoute') },
      { path: paths.products.path, ...page(() => import('./routes/products'), 'ProductsRoute') },
      { path: paths.product.path, ...page(() => import('./routes/product-detail'), 'ProductDetailRoute') },
      { path: paths.stores.path, ...page(() => import('./routes/stores'), 'StoresRoute') },
      {
        path: paths.resetPassword.path,
        handle: { bare: true },
        ...page(() => import('./routes/reset-password'), 'ResetPasswordRoute', 'account'),
      },
      { path: paths.staffJoin.path, handle: { bare: true }, ...page(() => import('./routes/staff-join'), 'StaffJoinRoute', 'staff') },
      { path: paths.loginComplete.path, ...page(() => import('./routes/login-complete'), 'LoginCompleteRoute', 'account') },
      {
        ...page(() => import('./route-guards'), 'RequireLogin', 'account'),
        children: [
          { path: paths.payment.path, ...page(() => import('./routes/payment'), 'PaymentRoute', 'account') },
          { path: paths.history.path, ...page(() => import('./routes/history'), 'HistoryRoute', 'account') },
          { path: paths.order.path, ...page(() => import('./routes/order'), 'OrderRoute', 'account') },
          { path: paths.user.path, ...page(() => import('./routes/user'), 'UserRoute', 'account') },
          { path: paths.pickup.path, ...page(() => import('./routes/pickup'), 'PickupRoute', 'account') },
          {
            ...page(() => import('./route-guards'), 'RequireStaff', 'staff'),
            children: [
              { path: paths.addProduct.path, handle: { staffRight: 'menu' }, ...page(() => import('./routes/add-products'), 'AddProductsRoute', 'staff') },
              { path: paths.editProduct.path, handle: { staffRight: 'menu' }, ...page(() => import('./routes/edit-products'), 'EditProductsRoute', 'staff') },
              { path: paths.staffOrders.path, ...page(() => import('./routes/staff-orders'), 'StaffOrdersRoute', 'staff') },
              { path: paths.staffOrder.path, ...page(() => import('./routes/staff-order'), 'StaffOrderRoute', 'staff') },
              { path: paths.optionGroups.path, handle: { staffRight: 'menu' }, ...page(() => import('./routes/option-groups'), 'OptionGroupsRoute', 'staff') },
              { path: paths.staffStores.path, handle: { staffRight: 'stores' }, ...page(() => import('./routes/staff-stores'), 'StaffStoresRoute', 'staff') },
              { path: paths.staffPromotions.path, handle: { staffRight: 'coupons' }, ...page(() => import('./routes/staff-promotions'), 'StaffPromotionsRoute', 'staff') },
              { path: paths.staffTeam.path, handle: { staffRight: 'staff' }, ...page(() => import('./routes/staff-team'), 'StaffTeamRoute', 'staff') },
              { path: paths.staffReconciliation.path, handle: { staffRight: 'reports' }, ...page(() => import('./routes/staff-reconciliation'), 'StaffReconciliationRoute', 'staff') },
              { path: paths.staffLoyalty.path, handle: { staffRight: 'coupons' }, ...page(() => import('./routes/staff-loyalty'), 'StaffLoyaltyRoute', 'staff') },
              { path: paths.staffReports.path, handle: { staffRight: 'reports' }, ...page(() => import('./routes/staff-reports'), 'StaffReportsRoute', 'staff') },
            ],
          },
        ],
      },
      {
        ...page(() => import('./route-guards'), 'RequireVisitor', 'account'),
        // The sign-in screens are a split screen of their own, without the navigation bar.
        handle: { bare: true },
        children: [
          { path: paths.login.path, ...page(() => import('./routes/login'), 'LoginRoute', 'account') },
          { path: paths.register.path, ...page(() => import('./routes/register'), 'RegisterRoute', 'account') },
          { path: paths.forgotPassword.path, ...page(() => import('./routes/forgot-password'), 'ForgotPasswordRoute', 'account') },
        ],
      },
      { path: paths.notFound.path, ...page(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
];

/** Fetches the code of the lazy screens `location` shows: main.tsx does before it hydrates a page that arrived drawn. */
export async function preloadScreens(location: { pathname: string }): Promise<void> {
  const loads = (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const preload = route.element && typeof route.element === 'object' ? preloads.get(route.element) : undefined;
    return preload ? [preload()] : [];
  });
  await Promise.all(loads);
}

/**
 * The route table drawn for the current address, under the error screen, with the handles of its matching routes
 * (app/route-state.ts). `table` is the app's, or the one the build draws a product page's shell with. `loading`: what
 * a page that arrived empty shows while its screen's code downloads. A page that arrived drawn goes without: React
 * would hydrate what is under a Suspense boundary after the rest, and the page would start (and replay the taps held
 * before, src/boot.ts) before its screen answers them; its screen's code is loaded before hydrating instead.
 */
export function AppRoutes({ table = routes, loading }: { table?: RouteObject[]; loading?: ReactNode }) {
  const location = useLocation();
  const handles = useMemo(() => (matchRoutes(table, location) ?? []).map((match): unknown => match.route.handle), [table, location]);
  const screen = <RouteHandlesContext value={handles}>{useRoutes(table, location)}</RouteHandlesContext>;
  return (
    <RouteErrorBoundary resetKey={location.key}>{loading ? <Suspense fallback={loading}>{screen}</Suspense> : screen}</RouteErrorBoundary>
  );
}

/**
 * React Router's declarative mode, not its data router: the app loads no data through the router, and the data
 * router's code was the largest part of the first screen after React DOM (docs/decisions/018-first-paint-and-budget.md).
 * Written out rather than BrowserRouter so the layout can show that a screen is on its way: each move is a transition,
 * which keeps the current screen until the next one can be drawn, and its pending state is passed down.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <NavigationPendingContext value={pending}>{children}</NavigationPendingContext>
    </Router>
  );
}
