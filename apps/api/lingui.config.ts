import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The API's catalogues (decision 037): every text marked `/*i18n*\/` in the API and in the contract it shares with the
 * web app, the English wording being its id. One catalogue per module, so each module's texts travel with it, one
 * for the shared plumbing and the contract, and one for every mail and push notification (`*-email.ts`, `*-push.ts`),
 * so their wording is translated in one place. `npm run lint` fails when they are not what `lingui extract` would write
 * or when a text has no Indonesian.
 */
/** The files that write mails and push notifications, whatever their module. */
const MAIL_SOURCES = ['<rootDir>/src/**/*-email.ts', '<rootDir>/src/**/*-push.ts'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'id'],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/modules/{name}',
      include: ['<rootDir>/src/modules/{name}/'],
      exclude: ['**/*.test.ts', ...MAIL_SOURCES],
    },
    {
      path: '<rootDir>/locales/{locale}/shared',
      include: ['<rootDir>/src/lib', '<rootDir>/src/plugins', '<rootDir>/src/app.ts', '<rootDir>/../../packages/contract/src'],
      exclude: ['**/*.test.ts', ...MAIL_SOURCES],
    },
    { path: '<rootDir>/locales/{locale}/mails', include: MAIL_SOURCES },
  ],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
});
