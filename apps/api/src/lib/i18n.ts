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
import { DEFAULT_LOCALE, type Locale } from './locale.js';
import { describeDay, describeShopLocal, describeShopZone, describeWeekday } from './shop-time.js';

export { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.js';

/** A text a person reads: the English wording (its id), alone or with the values its placeholders name. */
export type Text = string | { readonly id: string; readonly values?: Readonly<Record<string, Value>> };

/**
 * What a placeholder holds: a name or a number as given, a text of its own (translated in turn), texts joined by
 * semicolons (`{ each }`) or by commas (`{ commas }`), names joined as the language joins them (`{ and }`: "A, B and
 * C", "A, B, dan C"), an amount of money (`{ idr }`: "IDR 26.000" in English as the original app writes it,
 * "Rp26.000" in Indonesian), or the shop's clock in words (lib/shop-time.ts): a shop-local time (`{ shopTime }`:
 * "Saturday 21 November at 10:00"), a day (`{ day }`: "22 December"), a weekday (`{ weekday }`: 1 is "Monday"),
 * weekdays as a coupon's term names them (`{ weekdaysOr }`: "Saturdays or Sundays") and the zone (`{ zone }`).
 */
export type Value =
  | string
  | number
  | { readonly id: string; readonly values?: Readonly<Record<string, Value>> }
  | { readonly each: readonly Text[] }
  | { readonly commas: readonly Value[] }
  | { readonly and: readonly string[] }
  | { readonly idr: number }
  | { readonly shopTime: string }
  | { readonly day: string }
  | { readonly weekday: number }
  | { readonly weekdaysOr: readonly number[] }
  | { readonly zone: string };

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
  const locale: Locale = i18n.locale === 'id' ? 'id' : 'en';
  if ('each' in value) return value.each.map((text) => translateWith(i18n, text)).join('; ');
  if ('commas' in value) return value.commas.map((item) => valueWith(i18n, item)).join(', ');
  if ('and' in value) return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(value.and);
  if ('idr' in value) return moneyIn(locale, value.idr);
  if ('shopTime' in value) return describeShopLocal(value.shopTime, locale);
  if ('day' in value) return describeDay(value.day, locale);
  if ('weekday' in value) return describeWeekday(value.weekday, locale);
  if ('weekdaysOr' in value) return weekdaysOr(value.weekdaysOr, locale);
  if ('zone' in value) return describeShopZone(value.zone, locale);
  return translateWith(i18n, value);
}

/** 'Sundays', 'Saturdays or Sundays', 'Mondays, Wednesdays or Fridays' as the original words them; 'Sabtu atau Minggu'. */
function weekdaysOr(days: readonly number[], locale: Locale): string {
  if (locale === 'id') return new Intl.ListFormat('id-ID', { type: 'disjunction' }).format(days.map((day) => describeWeekday(day, locale)));
  const words = days.map((day) => `${describeWeekday(day, locale)}s`);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
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
