import { RouterProvider, createBrowserRouter } from 'react-router';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { HomeRoute } from './routes/home';
import { PageLoading } from './routes/page-loading';

/** A route's lazy part: the screen component `name` of the module `load` imports (one short line per route). */
function page<Module>(load: () => Promise<Module>, name: { [K in keyof Module]: Module[K] extends ComponentType ? K : never }[keyof Module]) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/**
 * The one route table, built from config/paths.ts. Screens other than Home load on demand, and so do the guards
 * (their notices and the staff-only screen), which the home page does without.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code downloads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.products.path, lazy: page(() => import('./routes/products'), 'ProductsRoute') },
      { path: paths.product.path, lazy: page(() => import('./routes/product-detail'), 'ProductDetailRoute') },
      { path: paths.stores.path, lazy: page(() => import('./routes/stores'), 'StoresRoute') },
      {
        path: paths.resetPassword.path,
        handle: { bare: true },
        lazy: page(() => import('./routes/reset-password'), 'ResetPasswordRoute'),
      },
      { path: paths.staffJoin.path, handle: { bare: true }, lazy: page(() => import('./routes/staff-join'), 'StaffJoinRoute') },
      { path: paths.loginComplete.path, lazy: page(() => import('./routes/login-complete'), 'LoginCompleteRoute') },
      {
        lazy: page(() => import('./route-guards'), 'RequireLogin'),
        children: [
          { path: paths.payment.path, lazy: page(() => import('./routes/payment'), 'PaymentRoute') },
          { path: paths.history.path, lazy: page(() => import('./routes/history'), 'HistoryRoute') },
          { path: paths.order.path, lazy: page(() => import('./routes/order'), 'OrderRoute') },
          { path: paths.user.path, lazy: page(() => import('./routes/user'), 'UserRoute') },
          { path: paths.pickup.path, lazy: page(() => import('./routes/pickup'), 'PickupRoute') },
          {
            lazy: page(() => import('./route-guards'), 'RequireStaff'),
            children: [
              { path: paths.addProduct.path, handle: { staffRight: 'menu' }, lazy: page(() => import('./routes/add-products'), 'AddProductsRoute') },
              { path: paths.editProduct.path, handle: { staffRight: 'menu' }, lazy: page(() => import('./routes/edit-products'), 'EditProductsRoute') },
              { path: paths.staffOrders.path, lazy: page(() => import('./routes/staff-orders'), 'StaffOrdersRoute') },
              { path: paths.staffOrder.path, lazy: page(() => import('./routes/staff-order'), 'StaffOrderRoute') },
              { path: paths.optionGroups.path, handle: { staffRight: 'menu' }, lazy: page(() => import('./routes/option-groups'), 'OptionGroupsRoute') },
              { path: paths.staffStores.path, handle: { staffRight: 'stores' }, lazy: page(() => import('./routes/staff-stores'), 'StaffStoresRoute') },
              { path: paths.staffPromotions.path, handle: { staffRight: 'coupons' }, lazy: page(() => import('./routes/staff-promotions'), 'StaffPromotionsRoute') },
              { path: paths.staffTeam.path, handle: { staffRight: 'staff' }, lazy: page(() => import('./routes/staff-team'), 'StaffTeamRoute') },
              { path: paths.staffReconciliation.path, handle: { staffRight: 'reports' }, lazy: page(() => import('./routes/staff-reconciliation'), 'StaffReconciliationRoute') },
              { path: paths.staffLoyalty.path, handle: { staffRight: 'coupons' }, lazy: page(() => import('./routes/staff-loyalty'), 'StaffLoyaltyRoute') },
              { path: paths.staffReports.path, handle: { staffRight: 'reports' }, lazy: page(() => import('./routes/staff-reports'), 'StaffReportsRoute') },
            ],
          },
        ],
      },
      {
        lazy: page(() => import('./route-guards'), 'RequireVisitor'),
        // The sign-in screens are a split screen of their own, without the navigation bar.
        handle: { bare: true },
        children: [
          { path: paths.login.path, lazy: page(() => import('./routes/login'), 'LoginRoute') },
          { path: paths.register.path, lazy: page(() => import('./routes/register'), 'RegisterRoute') },
          { path: paths.forgotPassword.path, lazy: page(() => import('./routes/forgot-password'), 'ForgotPasswordRoute') },
        ],
      },
      { path: paths.notFound.path, lazy: page(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
];

/**
 * Made in the browser only: the prerender step (entry-server.tsx) imports `routes` in Node, where there is no
 * window for a browser router.
 */
export function createAppRouter(drawn = false) {
  // A page that arrived drawn is hydrated where the customer already is: with hydration data the router does not
  // scroll to the top at start (a phone user who scrolled down to the sizes would be thrown back up).
  return createBrowserRouter(routes, drawn ? { hydrationData: {} } : undefined);
}

export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
