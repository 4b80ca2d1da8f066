/**
 * The API's words in the customer's language (decision 037). A text is its English wording, which is also its id in
 * the catalogues (apps/api/locales/{locale}/**.po, written by `lingui extract` from the texts marked `/*i18n*\/` in the API and
 * the contract), with the values it names in ICU form: `{ id: '{product} is sold out', values: { product } }`.
 * English is the default, so a client written for the original app reads the very texts it always did.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatIdr } from '@coffee/contract';

export const LOCALES = ['en', 'id'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** A text a person reads: the English wording (its id), alone or with the values its placeholders name. */
export type Text = string | { readonly id: string; readonly values?: Readonly<Record<string, Value>> };

/**
 * What a placeholder holds: a name or a number as given, a text of its own (translated in turn), texts joined by
 * semicolons (`{ each }`), names joined as the language joins them (`{ and }`: "A, B and C", "A, B, dan C"), or an
 * amount of money (`{ idr }`: "IDR 26.000" in English as the original app writes it, "Rp26.000" in Indonesian).
 */
export type Value =
  | string
  | number
  | { readonly id: string; readonly values?: Readonly<Record<string, Value>> }
  | { readonly each: readonly Text[] }
  | { readonly and: readonly string[] }
  | { readonly idr: number };

/** Where the catalogues are, from src/lib in development and dist/lib once built alike. */
const CATALOGUE_DIR = path.resolve(import.meta.dirname, '../../locales');

/** The same options `lingui extract` writes them with (lingui.config.ts): the English text is the id. */
const po = formatter({ explicitIdAsDefault: true, lineNumbers: false });

/** Every catalogue of a language (the shared one and one per module), as one set of messages. */
async function readCatalogues(locale: Locale): Promise<Record<string, string>> {
  const messages: Record<string, string> = {};
  const dir = path.join(CATALOGUE_DIR, locale);
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.po'))) {
    const filename = path.join(dir, file);
    const parsed = await po.parse(fs.readFileSync(filename, 'utf8'), { locale, sourceLocale: DEFAULT_LOCALE, filename });
    // An untranslated entry is left out, so it reads as its id: the English text.
    for (const [id, entry] of Object.entries(parsed)) if (entry.translation) messages[id] = entry.translation;
  }
  return messages;
}

export interface Translator {
  /** `text` in `locale`, its values put in (a number or a name as given). */
  translate(text: Text, locale: Locale): string;
}

/** Reads both catalogues once, at start; the messages are compiled the first time each is asked for. */
export async function loadTranslator(): Promise<Translator> {
  const setUp = async (locale: Locale): Promise<I18n> => {
    const i18n = setupI18n({ locale, messages: { [locale]: await readCatalogues(locale) } });
    // Catalogues are read as written (ICU text), not compiled at build: the server compiles each message once.
    i18n.setMessagesCompiler(compileMessage);
    return i18n;
  };
  const byLocale: Record<Locale, I18n> = { en: await setUp('en'), id: await setUp('id') };
  return { translate: (text, locale) => translateWith(byLocale[locale], text) };
}

function translateWith(i18n: I18n, text: Text): string {
  if (typeof text === 'string') return i18n._(text);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.values ?? {})) values[name] = valueWith(i18n, value);
  return i18n._(text.id, values);
}

function valueWith(i18n: I18n, value: Value): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('each' in value) return value.each.map((text) => translateWith(i18n, text)).join('; ');
  if ('and' in value) return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(value.and);
  if ('idr' in value) return moneyIn(i18n.locale === 'id' ? 'id' : 'en', value.idr);
  return translateWith(i18n, value);
}

/**
 * Whole rupiah as the reader's language writes them: 'IDR 26.000' in English (the original app's form), 'Rp26.000' in
 * Indonesian (no space, as Indonesian spelling writes it; Intl's form has a no-break space that plain-text mail shows
 * unevenly).
 */
export function moneyIn(locale: Locale, rupiah: number): string {
  if (locale === 'en') return formatIdr(rupiah);
  return `${rupiah < 0 ? '-' : ''}Rp${formatIdr(Math.abs(rupiah)).replace('IDR ', '')}`;
}

/** The text in English, for logs and for an error's own `message`. */
export function englishOf(text: Text): string {
  return translateWith(english, text);
}

const english = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
english.setMessagesCompiler(compileMessage);
