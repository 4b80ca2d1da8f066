import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The API's catalogues (decision 037): every text marked `/*i18n*\/` in the API and in the contract it shares with the
 * web app, the English wording being its id. One catalogue per module, so each module's texts travel with it, and one
 * for the shared plumbing and the contract. `npm run lint` fails when they are not what `lingui extract` would write
 * or when a text has no Indonesian.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'id'],
  catalogs: [
    { path: '<rootDir>/locales/{locale}/modules/{name}', include: ['<rootDir>/src/modules/{name}/'], exclude: ['**/*.test.ts'] },
    {
      path: '<rootDir>/locales/{locale}/shared',
      include: ['<rootDir>/src/lib', '<rootDir>/src/plugins', '<rootDir>/src/app.ts', '<rootDir>/../../packages/contract/src'],
      exclude: ['**/*.test.ts'],
    },
  ],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
});
