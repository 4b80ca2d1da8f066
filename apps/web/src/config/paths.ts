import { OIDC_COMPLETE_PATH } from '@coffee/contract';

/** Every route of the app (spec section 2), in one place: `path` for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  products: {
    path: '/products',
    getHref: (options: { search?: string; tab?: string } = {}) => {
      const params = new URLSearchParams();
      if (options.search) params.set('search', options.search);
      if (options.tab) params.set('tab', options.tab);
      const query = params.toString();
      return query ? `/products?${query}` : '/products';
    },
  },
  product: { path: '/products/:id', getHref: (id: number | string) => `/products/${encodeURIComponent(String(id))}` },
  payment: { path: '/payment', getHref: () => '/payment' },
  history: { path: '/history', getHref: () => '/history' },
  user: { path: '/user', getHref: () => '/user' },
  addProduct: { path: '/add-products', getHref: () => '/add-products' },
  editProduct: {
    path: '/edit-products/:id',
    getHref: (id: number | string) => `/edit-products/${encodeURIComponent(String(id))}`,
  },
  login: { path: '/login', getHref: () => '/login' },
  /** Where the API returns after a provider ("Login with Google") sign-in. */
  loginComplete: { path: OIDC_COMPLETE_PATH, getHref: () => OIDC_COMPLETE_PATH },
  register: { path: '/register', getHref: () => '/register' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  /** The link in the password-reset mail (apps/api auth.service.ts): /reset-password?token=... */
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'),
  },
  /** Staff: the orders screen (the orders work owns it; the staff menu links here). */
  staffOrders: { path: '/staff/orders', getHref: () => '/staff/orders' },
  notFound: { path: '*', getHref: () => '/404' },
} as const;
