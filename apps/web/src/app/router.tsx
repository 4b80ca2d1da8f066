import { RouterProvider, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RequireLogin, RequireStaff, RequireVisitor } from './route-guards';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { HomeRoute } from './routes/home';
import { PageLoading } from './routes/page-loading';

/** The one route table (spec section 2), built from config/paths.ts. Screens other than Home load on demand. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code downloads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.products.path, lazy: async () => ({ Component: (await import('./routes/products')).ProductsRoute }) },
      { path: paths.product.path, lazy: async () => ({ Component: (await import('./routes/product-detail')).ProductDetailRoute }) },
      {
        path: paths.resetPassword.path,
        handle: { bare: true },
        lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordRoute }),
      },
      { path: paths.loginComplete.path, lazy: async () => ({ Component: (await import('./routes/login-complete')).LoginCompleteRoute }) },
      {
        element: <RequireLogin />,
        children: [
          { path: paths.payment.path, lazy: async () => ({ Component: (await import('./routes/payment')).PaymentRoute }) },
          { path: paths.history.path, lazy: async () => ({ Component: (await import('./routes/history')).HistoryRoute }) },
          { path: paths.user.path, lazy: async () => ({ Component: (await import('./routes/user')).UserRoute }) },
          {
            element: <RequireStaff />,
            children: [
              { path: paths.addProduct.path, lazy: async () => ({ Component: (await import('./routes/add-products')).AddProductsRoute }) },
              { path: paths.editProduct.path, lazy: async () => ({ Component: (await import('./routes/edit-products')).EditProductsRoute }) },
              { path: paths.staffOrders.path, lazy: async () => ({ Component: (await import('./routes/staff-orders')).StaffOrdersRoute }) },
            ],
          },
        ],
      },
      {
        element: <RequireVisitor />,
        // The sign-in screens are a split screen of their own, without the navigation bar (design.md).
        handle: { bare: true },
        children: [
          { path: paths.login.path, lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
          { path: paths.register.path, lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }) },
          { path: paths.forgotPassword.path, lazy: async () => ({ Component: (await import('./routes/forgot-password')).ForgotPasswordRoute }) },
        ],
      },
      { path: paths.notFound.path, lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
