/**
 * Turns a refused input into a sentence a customer can act on. The contract's schemas word their rules as
 * predicates read after the field ("must be at most 300 characters"); zod's own defaults ("Invalid email address",
 * "Too small: expected string to have >=1 characters") are replaced by wording chosen from the kind of issue.
 * The field's API name never reaches the sentence: it goes in `field`, beside it.
 */
import { PROMOTION_FIELD_LABELS } from '@coffee/contract';

/** What each input is called on the shop's screens. Keyed by the full path first, then by its first segment. */
const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  fullName: 'Full name',
  name: 'Name',
  phone: 'Phone number',
  phoneNumber: 'Phone number',
  address: 'Address',
  deliveryAddress: 'Delivery address',
  dateOfBirth: 'Date of birth',
  token: 'The reset link',
  scheduledFor: 'The time',
  deliveryMethod: 'The way to receive the order',
  paymentMethod: 'The payment method',
  quantity: 'Quantity',
  productId: 'The product',
  size: 'The size',
  optionIds: 'The options',
  baristaNote: 'The note to the barista',
  note: 'The note',
  reason: 'The reason',
  // Where a refund by bank transfer goes.
  holderName: 'The name on the account',
  bank: 'The bank',
  accountNumber: 'The account number',
  lines: 'The cart',
  expectedTotalIdr: 'The total',
  price: 'Price',
  'sizes.price': 'Each size price',
  'sizes.code': 'Each size',
  sizes: 'Sizes',
  category: 'Category',
  description: 'Description',
  image: 'Picture',
  photo: 'Photo',
  optionGroupIds: 'Option groups',
  isSoldOut: 'Sold out',
  isFavorite: 'Favorite',
  isPromo: 'Promo',
  promoPercentOff: 'Promo % off',
  // The staff promotions form.
  ...PROMOTION_FIELD_LABELS,
  message: 'Your message',
  contact: 'How we can reach you',
  search: 'Search',
  cat: 'The category',
  sort: 'The sort order',
  order: 'The sort direction',
  page: 'The page number',
  limit: 'The number of results per page',
  id: 'The link',
  status: 'The status',
  // A whole part of the request, when no single input is at fault.
  body: 'What was sent',
  querystring: 'The page address',
  params: 'The page address',
  request: 'This request',
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

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? '' : 's'}`;

/** zod's default wording by the kind of issue, as a predicate ("must be at most 20"). */
function predicateOf(issue: ZodIssueLike): string {
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'is required' : 'is not in the right form';
    case 'too_small':
      if (issue.origin === 'string') return Number(limit) <= 1 ? 'is required' : `must be at least ${plural(limit ?? 1, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `needs at least ${limit ?? 1}`;
      return `must be at least ${limit ?? 0}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${plural(limit ?? 0, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `can have at most ${limit ?? 0}`;
      return `must be at most ${limit ?? 0}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid email address, such as name@example.com';
      if (issue.format === 'url') return 'must be a web link';
      return 'is not in the right form';
    case 'invalid_value':
      return 'is not one of the choices';
    case 'unrecognized_keys':
      return 'has something this form does not expect';
    case 'not_multiple_of':
      return 'must be a whole number';
    default:
      return 'is not valid';
  }
}

/**
 * The predicate of a refused input: the contract's own wording when it reads after the field (it starts in lower
 * case, "must ..."/"is ..."), otherwise the wording of the issue's kind.
 */
export function issuePredicate(issue: ZodIssueLike | undefined, message: string | undefined): string {
  const given = (message ?? '').trim().replace(/\.$/, '');
  if (/^[a-z]/.test(given) && !given.startsWith('expected ')) return given;
  return predicateOf(issue ?? {});
}

/** 'quantity' + 'must be at most 20' -> 'Quantity must be at most 20.' */
export function validationSentence(field: string, predicate: string): string {
  return `${fieldLabel(field)} ${predicate}.`;
}
