/** The languages the shop writes in (decision 037): English, the spec's, and Bahasa Indonesia. */
export const LOCALES = ['en', 'id'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
