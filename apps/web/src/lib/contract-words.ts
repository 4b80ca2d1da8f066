import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Category, DeliveryMethod } from '@coffee/contract';
import { i18n as screens } from './i18n';

/**
 * The contract's labels (CATEGORY_LABELS, DELIVERY_METHOD_LABELS: the English the API and the spec use) as every
 * screen says them, in its language: one table each, rendered with `t(...)` or `i18n._(...)` when drawn, so a switch
 * redraws them. The payment methods' are in payment-words.ts, off the menu's and product page's code.
 */
export const CATEGORY_NAMES: Record<Category, MessageDescriptor> = {
  coffee: msg`Coffee`,
  'non-coffee': msg`Non Coffee`,
  foods: msg`Foods`,
  'add-on': msg`Add-On`,
};

export const DELIVERY_METHOD_NAMES: Record<DeliveryMethod, MessageDescriptor> = {
  'dine-in': msg`Dine in`,
  'door-delivery': msg`Door Delivery`,
  'pick-up': msg`Pick up`,
};

/** A delivery method's name in the screens' language (a component passes its `i18n`, from useLingui). */
export const deliveryMethodName = (method: DeliveryMethod, i18n: I18n = screens): string => i18n._(DELIVERY_METHOD_NAMES[method]);
