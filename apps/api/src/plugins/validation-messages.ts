/**
 * Turns a refused input into a sentence a customer can act on. The contract's schemas word their rules as
 * predicates read after the field ("must be at most 300 characters"); zod's own defaults ("Invalid email address",
 * "Too small: expected string to have >=1 characters") are replaced by wording chosen from the kind of issue.
 * The field's API name never reaches the sentence: it goes in `field`, beside it.
 */
import { PROMOTION_FIELD_LABELS } from '@coffee/contract';
import type { Text } from '../lib/i18n.js';

/** What each input is called on the shop's screens. Keyed by the full path first, then by its first segment. */
const FIELD_LABELS: Record<string, string> = {
  email: /*i18n*/ 'Email',
  password: /*i18n*/ 'Password',
  currentPassword: /*i18n*/ 'Current password',
  newPassword: /*i18n*/ 'New password',
  fullName: /*i18n*/ 'Full name',
  name: /*i18n*/ 'Name',
  phone: /*i18n*/ 'Phone number',
  phoneNumber: /*i18n*/ 'Phone number',
  address: /*i18n*/ 'Address',
  deliveryAddress: /*i18n*/ 'Delivery address',
  dateOfBirth: /*i18n*/ 'Date of birth',
  token: /*i18n*/ 'The reset link',
  scheduledFor: /*i18n*/ 'The time',
  deliveryMethod: /*i18n*/ 'The way to receive the order',
  paymentMethod: /*i18n*/ 'The payment method',
  quantity: /*i18n*/ 'Quantity',
  productId: /*i18n*/ 'The product',
  size: /*i18n*/ 'The size',
  optionIds: /*i18n*/ 'The options',
  baristaNote: /*i18n*/ 'The note to the barista',
  note: /*i18n*/ 'The note',
  reason: /*i18n*/ 'The reason',
  // Where a refund by bank transfer goes.
  holderName: /*i18n*/ 'The name on the account',
  bank: /*i18n*/ 'The bank',
  accountNumber: /*i18n*/ 'The account number',
  lines: /*i18n*/ 'The cart',
  expectedTotalIdr: /*i18n*/ 'The total',
  price: /*i18n*/ 'Price',
  'sizes.price': /*i18n*/ 'Each size price',
  'sizes.code': /*i18n*/ 'Each size',
  sizes: /*i18n*/ 'Sizes',
  category: /*i18n*/ 'Category',
  description: /*i18n*/ 'Description',
  image: /*i18n*/ 'Picture',
  photo: /*i18n*/ 'Photo',
  optionGroupIds: /*i18n*/ 'Option groups',
  isSoldOut: /*i18n*/ 'Sold out',
  isFavorite: /*i18n*/ 'Favorite',
  isPromo: /*i18n*/ 'Promo',
  promoPercentOff: /*i18n*/ 'Promo % off',
  // The staff promotions form.
  ...PROMOTION_FIELD_LABELS,
  message: /*i18n*/ 'Your message',
  contact: /*i18n*/ 'How we can reach you',
  search: /*i18n*/ 'Search',
  cat: /*i18n*/ 'The category',
  sort: /*i18n*/ 'The sort order',
  order: /*i18n*/ 'The sort direction',
  page: /*i18n*/ 'The page number',
  limit: /*i18n*/ 'The number of results per page',
  id: /*i18n*/ 'The link',
  status: /*i18n*/ 'The status',
  // A whole part of the request, when no single input is at fault.
  body: /*i18n*/ 'What was sent',
  querystring: /*i18n*/ 'The page address',
  params: /*i18n*/ 'The page address',
  request: /*i18n*/ 'This request',
};

export interface ZodIssueLike {
  code?: string;
  message?: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
}

/** 'deliveryAddress' -> 'Delivery address', for a field the map does not know (never shown as camelCase). */
function humanize(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of `sizes.0.price`: 'sizes.price', then 'sizes', then its last word. */
export function fieldLabel(field: string): string {
  const named = field.split('.').filter((part) => !/^\d+$/.test(part));
  const full = named.join('.');
  const first = named[0] ?? field;
  return FIELD_LABELS[full] ?? FIELD_LABELS[first] ?? humanize(named.at(-1) ?? 'This field');
}

/** zod's default wording by the kind of issue, as a predicate ("must be at most 20"). */
function predicateOf(issue: ZodIssueLike): Text {
  const limit = Number((issue.code === 'too_small' ? issue.minimum : issue.maximum) ?? 0);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? /*i18n*/ 'is required' : /*i18n*/ 'is not in the right form';
    case 'too_small':
      if (issue.origin === 'string')
        return limit <= 1
          ? /*i18n*/ 'is required'
          : /*i18n*/ { id: 'must be at least {limit, plural, one {# character} other {# characters}}', values: { limit } };
      if (issue.origin === 'array' || issue.origin === 'set') return /*i18n*/ { id: 'needs at least {limit}', values: { limit: Math.max(limit, 1) } };
      return /*i18n*/ { id: 'must be at least {limit}', values: { limit } };
    case 'too_big':
      if (issue.origin === 'string') return /*i18n*/ { id: 'must be at most {limit, plural, one {# character} other {# characters}}', values: { limit } };
      if (issue.origin === 'array' || issue.origin === 'set') return /*i18n*/ { id: 'can have at most {limit}', values: { limit } };
      return /*i18n*/ { id: 'must be at most {limit}', values: { limit } };
    case 'invalid_format':
      if (issue.format === 'email') return /*i18n*/ 'must be a valid email address, such as name@example.com';
      if (issue.format === 'url') return /*i18n*/ 'must be a web link';
      return /*i18n*/ 'is not in the right form';
    case 'invalid_value':
      return /*i18n*/ 'is not one of the choices';
    case 'unrecognized_keys':
      return /*i18n*/ 'has something this form does not expect';
    case 'not_multiple_of':
      return /*i18n*/ 'must be a whole number';
    default:
      return /*i18n*/ 'is not valid';
  }
}

/**
 * The predicate of a refused input: the contract's own wording when it reads after the field (it starts in lower
 * case, "must ..."/"is ..."), otherwise the wording of the issue's kind.
 */
export function issuePredicate(issue: ZodIssueLike | undefined, message: string | undefined): Text {
  const given = (message ?? '').trim().replace(/\.$/, '');
  if (/^[a-z]/.test(given) && !given.startsWith('expected ')) return given;
  return predicateOf(issue ?? {});
}

/** 'quantity' + 'must be at most 20' -> 'Quantity must be at most 20.', each part in the reader's language. */
export function validationSentence(field: string, predicate: Text, translate: (text: Text) => string): string {
  return translate(/*i18n*/ { id: '{label} {predicate}.', values: { label: translate(fieldLabel(field)), predicate: translate(predicate) } });
}
