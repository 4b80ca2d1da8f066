/** A catalogue (src/locales/{language}/{area}.po), compiled by @lingui/vite-plugin when imported (lib/i18n.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
