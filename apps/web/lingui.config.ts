import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The web app's catalogues (decision 037), one per area of screens, each loaded when a screen of its area is first
 * drawn (src/lib/i18n.ts), so a page ships only its own language's words and no staff screen's:
 * - shop: the layout and every screen a visitor opens (home, the menu, a product, the cart, the stores, the 404);
 *   loaded before the app starts;
 * - account: the sign-in screens and the signed-in customer's (checkout, orders, profile, pick-up);
 * - staff: the staff screens;
 * - contract: the predicates of the contract's schemas, which word the forms' errors (`{label} {predicate}`).
 * `npm run lint` fails when they are not what `lingui extract` would write or when a text has no Indonesian.
 */
const STAFF = [
  '<rootDir>/src/features/menu-admin/',
  '<rootDir>/src/features/promotions-admin/',
  '<rootDir>/src/features/reconciliation/',
  '<rootDir>/src/features/reports/',
  '<rootDir>/src/features/staff-admin/',
  '<rootDir>/src/features/orders/components/kitchen-*',
  '<rootDir>/src/features/orders/components/staff-*',
  '<rootDir>/src/features/orders/components/awaiting-payment*',
  '<rootDir>/src/features/questions/components/questions-panel.tsx',
  ...['staff-*', 'add-products*', 'edit-products*', 'option-groups*'].map((file) => `<rootDir>/src/app/routes/${file}`),
];
const ACCOUNT = [
  '<rootDir>/src/features/auth/',
  '<rootDir>/src/features/profile/',
  '<rootDir>/src/features/orders/',
  '<rootDir>/src/features/pickup/',
  '<rootDir>/src/features/loyalty/',
  '<rootDir>/src/features/push/',
  '<rootDir>/src/app/route-guards.tsx',
  ...['login', 'register', 'forgot-password', 'reset-password', 'login-complete', 'history', 'order', 'payment', 'pickup', 'user'].map(
    (route) => `<rootDir>/src/app/routes/${route}.tsx`,
  ),
];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/testing/'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'id'],
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/staff', include: STAFF, exclude: TESTS },
    { path: '<rootDir>/src/locales/{locale}/account', include: ACCOUNT, exclude: [...TESTS, ...STAFF] },
    { path: '<rootDir>/src/locales/{locale}/shop', include: ['<rootDir>/src/'], exclude: [...TESTS, ...STAFF, ...ACCOUNT] },
    { path: '<rootDir>/src/locales/{locale}/contract', include: ['<rootDir>/../../packages/contract/src/'], exclude: TESTS },
  ],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
});
