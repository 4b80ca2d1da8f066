import { parseShopLocal, shopLocalToInstant, type DeliveryMethod, type PaymentMethod } from '@coffee/contract';
import { DEFAULT_LOCALE, englishOf, moneyIn, type Locale, type Text, type Translator } from './i18n.js';

/**
 * The words of one mail or push notification in its recipient's language (decision 037): its sentences through the
 * translator, and money, times and method names as that language writes them. Its texts are in the mails' own
 * catalogue (locales/{locale}/mails.po), with every `*-email.ts` and `*-push.ts`.
 */
export interface MailWords {
  readonly locale: Locale;
  /** A sentence in the recipient's language. */
  t(text: Text): string;
  /** Whole rupiah: 'IDR 26.000' in English (as the app shows it), 'Rp26.000' in Indonesian. */
  money(rupiah: number): string;
  /** A shop-local 'YYYY-MM-DDTHH:mm': '2026-11-29 at 10:30' in English, 'Minggu, 29 November 2026 pukul 10.30' in Indonesian. */
  shopTime(local: string, timeZone: string): string;
  paymentMethod(method: PaymentMethod): string;
  deliveryMethod(method: DeliveryMethod): string;
}

/** The contract's PAYMENT_METHOD_LABELS, marked for the mails' catalogue; brand names stay as they are. */
const PAYMENT_METHOD_WORDS: Record<PaymentMethod, Text> = {
  card: /*i18n*/ 'Card',
  'bank-account': /*i18n*/ 'Bank Account',
  'cash-on-delivery': /*i18n*/ 'Cash on Delivery',
  qris: 'QRIS',
  gopay: 'GoPay',
  shopeepay: 'ShopeePay',
};

/** The contract's DELIVERY_METHOD_LABELS, marked for the mails' catalogue. */
const DELIVERY_METHOD_WORDS: Record<DeliveryMethod, Text> = {
  'dine-in': /*i18n*/ 'Dine in',
  'door-delivery': /*i18n*/ 'Door Delivery',
  'pick-up': /*i18n*/ 'Pick up',
};

const indonesianTimes = new Map<string, Intl.DateTimeFormat>();
function indonesianTime(local: string, timeZone: string): string {
  const parsed = parseShopLocal(local);
  if (!parsed) return local;
  let format = indonesianTimes.get(timeZone);
  if (!format) {
    const options = { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23', timeZone } as const;
    format = new Intl.DateTimeFormat('id-ID', options);
    indonesianTimes.set(timeZone, format);
  }
  return format.format(shopLocalToInstant(parsed, timeZone));
}

/** The words of a mail to someone who reads `locale`. Without a translator: English, the texts as written. */
export function mailWords(translator: Translator | undefined, locale: Locale = DEFAULT_LOCALE): MailWords {
  const english = locale === 'en' || !translator;
  const t = (text: Text) => (english ? englishOf(text) : translator.translate(text, locale));
  return {
    locale: english ? 'en' : locale,
    t,
    money: (amount) => moneyIn(english ? 'en' : locale, amount),
    shopTime: (local, timeZone) => (english ? local.replace('T', ' at ') : indonesianTime(local, timeZone)),
    paymentMethod: (method) => t(PAYMENT_METHOD_WORDS[method]),
    deliveryMethod: (method) => t(DELIVERY_METHOD_WORDS[method]),
  };
}

/** A translator that writes English whatever the language asked: for service tests that read no catalogue. */
export const ENGLISH_ONLY: Translator = { translate: (text) => englishOf(text) };
