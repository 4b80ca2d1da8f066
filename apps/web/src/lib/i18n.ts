import { i18n, type Messages } from '@lingui/core';

/**
 * The screens' two languages (decision 037). The page says which one it is in (`<html lang>`): the API chose it for
 * the request (the address's `?lang=`, then the `lang` cookie, then the browser's Accept-Language), so the app never
 * guesses again and a drawn page is hydrated in the language it was drawn in.
 */
export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The cookie that remembers a visitor's choice (a customer's is also kept in the profile). */
export const LANGUAGE_COOKIE = 'lang';

/** The id of the JSON block a page carries its `shop` words in (entry-server.tsx writes it). */
export const PAGE_WORDS_ID = 'page-words';

/** Each area's words (lingui.config.ts): the area a screen belongs to is loaded before it is first drawn. */
export type Area = 'shop' | 'account' | 'staff' | 'contract';

type Catalogue = () => Promise<{ messages: Messages }>;
// Written out, one import per file, so the build makes each catalogue a file of its own and a page fetches only its
// language's.
const CATALOGUES: Record<Language, Record<Area, Catalogue>> = {
  en: {
    shop: () => import('../locales/en/shop.po'),
    account: () => import('../locales/en/account.po'),
    staff: () => import('../locales/en/staff.po'),
    contract: () => import('../locales/en/contract.po'),
  },
  id: {
    shop: () => import('../locales/id/shop.po'),
    account: () => import('../locales/id/account.po'),
    staff: () => import('../locales/id/staff.po'),
    contract: () => import('../locales/id/contract.po'),
  },
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** The language the page is in: `<html lang>`, which the API wrote. */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : 'en';
}

/** The language an address asks for (`?lang=id`: the alternates the API links each page to). */
export function askedLanguage(location: { search: string }): Language | undefined {
  const asked = new URLSearchParams(location.search).get('lang');
  return isLanguage(asked) ? asked : undefined;
}

function writeLanguageCookie(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** A page opened in a language by its address keeps that language on the visitor's next pages. */
export function rememberAskedLanguage(location: { search: string }): void {
  const asked = askedLanguage(location);
  if (asked) writeLanguageCookie(asked);
}

/** The language the screens are in now (the API is asked for its texts in it too, lib/api-client.ts). */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : pageLanguage();
}

const loaded = new Map<string, Promise<void>>();

/** Loads an area's words in `language` once (a failed download is tried again next time). */
export function loadArea(area: Area, language: Language = currentLanguage()): Promise<void> {
  const key = `${language}:${area}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = CATALOGUES[language][area]().then(({ messages }) => i18n.load(language, messages));
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * The `shop` words the page arrived with (every page the API serves carries them, in its language): the app starts
 * without asking for them. A page without them (the development server's) loads them as any other area.
 */
export function takeWordsFromPage(language: Language): void {
  const text = document.getElementById(PAGE_WORDS_ID)?.textContent;
  if (!text) return;
  try {
    i18n.load(language, JSON.parse(text) as Messages);
    loaded.set(`${language}:shop`, Promise.resolve());
  } catch {
    // Unreadable: they are fetched instead.
  }
}

/** The areas already loaded in some language: what a switch must bring in the other. */
function loadedAreas(): Area[] {
  return [...new Set([...loaded.keys()].map((key) => key.split(':')[1] as Area))];
}

/**
 * Starts the screens in `language` with the areas given loaded. A text of an area not loaded yet (a screen drawn
 * before its area's words arrived: a slip in lingui.config.ts's map) shows its id for a moment while every area is
 * fetched, then its words; in development and tests it is reported.
 */
export async function startLanguage(language: Language, areas: readonly Area[]): Promise<void> {
  await Promise.all(areas.map((area) => loadArea(area, language)));
  i18n.activate(language);
}

let fetchingEverything = false;
i18n.on('missing', ({ id, locale }) => {
  if (import.meta.env.DEV) console.error(`No words for message ${id} in ${locale}: its area was not loaded (lingui.config.ts).`);
  if (fetchingEverything || !isLanguage(locale)) return;
  fetchingEverything = true;
  void Promise.all((Object.keys(CATALOGUES[locale]) as Area[]).map((area) => loadArea(area, locale))).finally(() => {
    fetchingEverything = false;
  });
});

/**
 * Switches the screens to `language` where they stand: the areas in use are loaded in it first, then every text
 * redraws (the page, the cart and the checkout's choices are state, kept). Remembered in the cookie; a signed-in
 * customer's profile is updated by the caller.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await Promise.all(loadedAreas().map((area) => loadArea(area, language)));
  writeLanguageCookie(language);
  document.documentElement.lang = language;
  i18n.activate(language);
}

export { i18n };
