import { RouterProvider, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RequireLogin, RequireVisitor } from './route-guards';
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
      { path: paths.chat.path, lazy: async () => ({ Component: (await import('./routes/chat')).ChatRoute }) },
      {
        element: <RequireLogin />,
        children: [
          { path: paths.payment.path, lazy: async () => ({ Component: (await import('./routes/payment')).PaymentRoute }) },
          { path: paths.history.path, lazy: async () => ({ Component: (await import('./routes/history')).HistoryRoute }) },
          { path: paths.user.path, lazy: async () => ({ Component: (await import('./routes/user')).UserRoute }) },
          { path: paths.addProduct.path, lazy: async () => ({ Component: (await import('./routes/add-products')).AddProductsRoute }) },
          { path: paths.editProduct.path, lazy: async () => ({ Component: (await import('./routes/edit-products')).EditProductsRoute }) },
        ],
      },
      {
        element: <RequireVisitor />,
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
