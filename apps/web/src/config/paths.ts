import { OIDC_COMPLETE_PATH } from '@coffee/contract';

/** Every route of the app, in one place: `path` for the router, `getHref` for links. */
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
  /** Every store with its hours, open now, and a rush notice. */
  stores: { path: '/stores', getHref: () => '/stores' },
  history: { path: '/history', getHref: () => '/history' },
  /** One order of mine: the History cards and the confirmation mail (apps/api order-email.ts) link here. */
  order: { path: '/history/:id', getHref: (id: number | string) => `/history/${encodeURIComponent(String(id))}` },
  user: { path: '/user', getHref: () => '/user' },
  addProduct: { path: '/add-products', getHref: () => '/add-products' },
  editProduct: {
    path: '/edit-products/:id',
    getHref: (id: number | string) => `/edit-products/${encodeURIComponent(String(id))}`,
  },
  /** `returnTo`: where the customer was (a same-site path, checked by lib/return-to.ts on arrival). */
  login: { path: '/login', getHref: (returnTo?: string | null) => (returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login') },
  /** Where the API returns after a provider ("Login with Google") sign-in. */
  loginComplete: { path: OIDC_COMPLETE_PATH, getHref: () => OIDC_COMPLETE_PATH },
  register: {
    path: '/register',
    getHref: (returnTo?: string | null) => (returnTo ? `/register?returnTo=${encodeURIComponent(returnTo)}` : '/register'),
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  /** The link in the password-reset mail (apps/api auth.service.ts): /reset-password?token=... */
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'),
  },
  /** Staff: the orders screen (the orders work owns it; the staff menu links here). */
  staffOrders: { path: '/staff/orders', getHref: () => '/staff/orders' },
  /** Staff: one order with the customer's name and phone. */
  staffOrder: { path: '/staff/orders/:id', getHref: (id: number | string) => `/staff/orders/${encodeURIComponent(String(id))}` },
  /** Staff: the drink option groups (milk, sugar, ice, extras) products offer. */
  optionGroups: { path: '/staff/options', getHref: () => '/staff/options' },
  /** Staff: pause a store's online ordering or add preparation time. */
  staffStores: { path: '/staff/stores', getHref: () => '/staff/stores' },
  /** Staff: add and change the coupons (promotions) and their rules. */
  staffPromotions: { path: '/staff/promotions', getHref: () => '/staff/promotions' },
  /** Owner: the staff, their roles, invitations and the audit record. */
  staffTeam: { path: '/staff/team', getHref: () => '/staff/team' },
  /** The page an invitation mail links to (a visitor's page: the account is made there). */
  staffJoin: { path: '/staff/join', getHref: (token: string) => `/staff/join?token=${encodeURIComponent(token)}` },
  /** Owner: a day's charges at the payment service beside their orders, disagreements first. */
  staffReconciliation: { path: '/staff/reconciliation', getHref: () => '/staff/reconciliation' },
  /** Staff: the points rate and expiry, and the rewards. */
  staffLoyalty: { path: '/staff/loyalty', getHref: () => '/staff/loyalty' },
  /** Owner: sales of a date range, per store or all, and their CSV. */
  staffReports: { path: '/staff/reports', getHref: () => '/staff/reports' },
  /** The address in an order's pick-up QR: staff land on the order, its customer on their order page. */
  pickup: { path: '/pickup/:code', getHref: (code: string) => `/pickup/${encodeURIComponent(code)}` },
  notFound: { path: '*', getHref: () => '/404' },
} as const;
