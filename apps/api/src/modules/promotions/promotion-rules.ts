import {
  formatIdr,
  type DeliveryMethod,
  type PromotionAudience,
  type PromotionBenefit,
  type PromotionFrequency,
  type PromotionPicture,
  type ShopLocal,
} from '@coffee/contract';
import type { Text } from '../../lib/i18n.js';
import { joinTexts } from '../checkout/checkout.service.js';
import { applyRate, multiplyRupiah, sumRupiah } from '../../lib/money.js';

/**
 * The rules of a coupon, as pure functions: whether it can be used for an order (who, when, how, what is in it) and
 * what it takes off. The service feeds them the customer and the lines; placing the order runs them again.
 */
export interface PromotionRecord {
  id: number;
  name: string;
  description: string;
  picture: PromotionPicture;
  code: string | null;
  startsOn: string | null;
  endsOn: string | null;
  yearlyOn: string | null;
  onBirthday: boolean;
  weekdays: number[];
  fromTime: string | null;
  toTime: string | null;
  deliveryMethods: DeliveryMethod[];
  audience: PromotionAudience;
  frequency: PromotionFrequency;
  benefit: PromotionBenefit;
  benefitValue: number;
  targetProductId: number | null;
  targetProductName: string | null;
  targetCategory: string | null;
  isActive: boolean;
}

export interface CustomerFacts {
  /** 'YYYY-MM-DD' or null. */
  birthDate: string | null;
  hasDeliveredOrder: boolean;
  hasMemberCard: boolean;
  memberCardThresholdIdr: number;
}

/** A line as the rules see it: what it is and what one item costs. */
export interface DiscountLine {
  productId: number;
  category: string;
  unitPriceIdr: number;
  quantity: number;
}

export type ProblemKind = 'closed' | 'time' | 'method' | 'audience' | 'items';
export type Verdict = { ok: true } | { ok: false; kind: ProblemKind; message: Text };

const minutesOf = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** A delivery method as a key an ICU `select` reads (its keys cannot hold the code's hyphens). */
const wayOf = (m: DeliveryMethod) => (m === 'pick-up' ? 'pickup' : m === 'door-delivery' ? 'delivery' : 'dinein');

/** Of the methods a coupon is for (one or two: three is every method), the values its texts select on. */
function methodValues(methods: readonly DeliveryMethod[]): { first: string; second?: string } {
  const [first = 'dine-in', second] = methods;
  return second === undefined ? { first: wayOf(first) } : { first: wayOf(first), second: wayOf(second) };
}

/** A coupon's methods as the refusal of another method says them, or as its term states them. */
function methodsText(methods: readonly DeliveryMethod[], as: 'refusal' | 'term'): Text {
  const values = methodValues(methods);
  const one = values.second === undefined;
  if (as === 'term') {
    return one
      ? /*i18n*/ { id: 'For {first, select, pickup {Pick up} delivery {Door Delivery} other {Dine in}} orders only', values }
      : /*i18n*/ { id: 'For {first, select, pickup {Pick up} delivery {Door Delivery} other {Dine in}} or {second, select, pickup {Pick up} delivery {Door Delivery} other {Dine in}} orders only', values };
  }
  return one
    ? /*i18n*/ { id: 'This coupon is for {first, select, pickup {Pick up} delivery {Door Delivery} other {Dine in}} orders', values }
    : /*i18n*/ { id: 'This coupon is for {first, select, pickup {Pick up} delivery {Door Delivery} other {Dine in}} or {second, select, pickup {Pick up} delivery {Door Delivery} other {Dine in}} orders', values };
}

/** What a free-item or buy-one-get-one coupon wants added to the cart: its product, an item of its category, or any item. */
function itemsWanted(p: PromotionRecord): Text {
  const product = p.targetProductName;
  const category = p.targetCategory;
  if (p.benefit === 'buy-one-get-one') {
    if (product) return /*i18n*/ { id: 'Add two of {product} to use this coupon: the second is free', values: { product } };
    if (category) return /*i18n*/ { id: 'Add two of an item from {category} to use this coupon: the second is free', values: { category } };
    return /*i18n*/ 'Add two of an item to use this coupon: the second is free';
  }
  if (product) return /*i18n*/ { id: 'Add {product} to use this coupon', values: { product } };
  if (category) return /*i18n*/ { id: 'Add an item from {category} to use this coupon', values: { category } };
  return /*i18n*/ 'Add an item to use this coupon';
}

/** "Available on Sundays 07:00-09:00", the weekdays in the reader's language. */
function sayWhen(p: PromotionRecord): Text | null {
  const days = p.weekdays.length === 0 || p.weekdays.length === 7 ? null : { weekdaysOr: p.weekdays };
  const hours = p.fromTime && p.toTime ? { from: p.fromTime, to: p.toTime } : null;
  if (days && hours) return /*i18n*/ { id: 'Available on {days} {from}-{to}', values: { days, ...hours } };
  if (days) return /*i18n*/ { id: 'Available on {days}', values: { days } };
  if (hours) return /*i18n*/ { id: 'Available {from}-{to}', values: hours };
  return null;
}

/** The shop's term: buy one get one is for new customers only, however the promotion was set up. */
const forNewCustomers = (p: PromotionRecord) => p.audience === 'new-customers' || p.benefit === 'buy-one-get-one';

/** Its rules as the coupon states them, each a text for the reader's language. */
export function describeTerms(p: PromotionRecord, memberCardThresholdIdr: number): Text[] {
  const terms: Text[] = [];
  if (p.yearlyOn) terms.push(/*i18n*/ { id: 'Available on {day} only', values: { day: { day: p.yearlyOn } } });
  if (p.onBirthday) terms.push(/*i18n*/ 'Available on your birthday only');
  const when = sayWhen(p);
  if (when) terms.push(when);
  if (p.startsOn && p.endsOn) terms.push(/*i18n*/ { id: 'From {from} to {to}', values: { from: { day: p.startsOn }, to: { day: p.endsOn } } });
  else if (p.startsOn) terms.push(/*i18n*/ { id: 'From {from}', values: { from: { day: p.startsOn } } });
  else if (p.endsOn) terms.push(/*i18n*/ { id: 'Until {until}', values: { until: { day: p.endsOn } } });
  if (p.deliveryMethods.length > 0 && p.deliveryMethods.length < 3) terms.push(methodsText(p.deliveryMethods, 'term'));
  if (forNewCustomers(p)) terms.push(/*i18n*/ 'For new customers only');
  if (p.audience === 'members') {
    terms.push(/*i18n*/ { id: 'Member card needed (earned when your delivered orders reach {amount})', values: { amount: formatIdr(memberCardThresholdIdr) } });
  }
  if (p.frequency === 'daily') terms.push(/*i18n*/ 'One per customer per day');
  if (p.frequency === 'once') terms.push(/*i18n*/ 'One per customer');
  return terms;
}

/**
 * Who, how and when: everything but the lines. `at` is when the customer gets the order, on the shop's clock: a
 * Sunday-morning coupon is for an order received on Sunday morning.
 * A coupon not offered on that date (stopped, not started yet or ended) is refused for that alone; otherwise every
 * unmet rule is named, in this order: who may use it, the delivery method, the day and hours (the kind is the
 * first's). Answering only "Sundays 07:00-09:00" to a Pick up order on Sunday at 10:00 would hide that the coupon
 * would still refuse it once the time is right.
 */
export function checkConditions(p: PromotionRecord, at: ShopLocal, method: DeliveryMethod, customer: CustomerFacts): Verdict {
  const date = at.text.slice(0, 10);
  if (!p.isActive) return { ok: false, kind: 'closed', message: /*i18n*/ 'This coupon is no longer offered' };
  if (p.startsOn && date < p.startsOn) {
    return { ok: false, kind: 'time', message: /*i18n*/ { id: 'This coupon starts on {date}', values: { date: { day: p.startsOn } } } };
  }
  if (p.endsOn && date > p.endsOn) return { ok: false, kind: 'closed', message: /*i18n*/ { id: 'This coupon ended on {date}', values: { date: { day: p.endsOn } } } };
  // Every rule the order does not meet is named, not only the first: a Pick up order on Monday for a Sunday, Dine in,
  // members' coupon must hear all three, or the customer fixes one and is refused again.
  const unmet: Array<{ kind: 'audience' | 'method' | 'time'; message: Text }> = [];
  if (forNewCustomers(p) && customer.hasDeliveredOrder) {
    unmet.push({ kind: 'audience', message: /*i18n*/ 'This coupon is for new customers, before their first delivered order' });
  }
  if (p.audience === 'members' && !customer.hasMemberCard) {
    unmet.push({
      kind: 'audience',
      message: /*i18n*/ {
        id: 'This coupon needs a member card: you get one when your delivered orders reach {amount}',
        values: { amount: formatIdr(customer.memberCardThresholdIdr) },
      },
    });
  }
  if (p.deliveryMethods.length > 0 && !p.deliveryMethods.includes(method)) {
    unmet.push({ kind: 'method', message: methodsText(p.deliveryMethods, 'refusal') });
  }
  if (p.onBirthday) {
    if (!customer.birthDate) unmet.push({ kind: 'audience', message: /*i18n*/ 'Add your date of birth to your profile to use the birthday coupon' });
    else if (customer.birthDate.slice(5) !== date.slice(5)) {
      unmet.push({ kind: 'time', message: /*i18n*/ { id: 'Available on your birthday only ({birthday})', values: { birthday: { day: customer.birthDate.slice(5) } } } });
    }
  }
  if (p.yearlyOn && date.slice(5) !== p.yearlyOn) unmet.push({ kind: 'time', message: /*i18n*/ { id: 'Available on {day} only', values: { day: { day: p.yearlyOn } } } });
  const onDay = p.weekdays.length === 0 || p.weekdays.includes(at.isoWeekday);
  const inHours = !p.fromTime || !p.toTime || (at.minuteOfDay >= minutesOf(p.fromTime) && at.minuteOfDay <= minutesOf(p.toTime));
  if (!onDay || !inHours) unmet.push({ kind: 'time', message: sayWhen(p) ?? /*i18n*/ 'Not available at this time' });
  const [first] = unmet;
  if (first) return { ok: false, kind: first.kind, message: joinTexts(unmet.map((rule) => rule.message), '; ') };
  return { ok: true };
}

const qualifies = (p: PromotionRecord, l: DiscountLine) =>
  p.targetProductId !== null ? l.productId === p.targetProductId : p.targetCategory !== null ? l.category === p.targetCategory : true;

/** The qualifying items one by one, cheapest first. */
function qualifyingItems(p: PromotionRecord, lines: readonly DiscountLine[]): number[] {
  return lines
    .filter((l) => qualifies(p, l))
    .flatMap((l) => Array.from({ length: l.quantity }, () => l.unitPriceIdr))
    .sort((a, b) => a - b);
}

/** What the coupon takes off these lines, whole rupiah, never more than they cost; or why they do not qualify. */
export function computeDiscount(
  p: PromotionRecord,
  lines: readonly DiscountLine[],
): { ok: true; discountIdr: number } | { ok: false; kind: 'items'; message: Text } {
  const subtotal = sumRupiah(lines.map((l) => multiplyRupiah(l.unitPriceIdr, l.quantity)));
  if (lines.length === 0) return { ok: false, kind: 'items', message: /*i18n*/ 'Add something to your cart to use this coupon' };
  let discountIdr = 0;
  switch (p.benefit) {
    case 'percent-off':
      // Basis points keep the percentage exact; rounded once, halves up.
      discountIdr = applyRate(subtotal, Math.min(100, p.benefitValue) * 100);
      break;
    case 'amount-off':
      discountIdr = p.benefitValue;
      break;
    case 'free-item': {
      const items = qualifyingItems(p, lines);
      if (items.length === 0) return { ok: false, kind: 'items', message: itemsWanted(p) };
      discountIdr = items[0] ?? 0;
      break;
    }
    case 'buy-one-get-one': {
      const items = qualifyingItems(p, lines);
      if (items.length < 2) return { ok: false, kind: 'items', message: itemsWanted(p) };
      // Of every two the cheaper is free: the cheapest half of the items.
      discountIdr = sumRupiah(items.slice(0, Math.floor(items.length / 2)));
      break;
    }
  }
  return { ok: true, discountIdr: Math.min(discountIdr, subtotal) };
}

/** The frequency's key of a redemption: one per shop day, one ever, or one per order. */
export function redemptionPeriod(p: PromotionRecord, shopDate: string, orderId: number): string {
  return p.frequency === 'daily' ? shopDate : p.frequency === 'once' ? 'ever' : `order-${orderId}`;
}
