import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CATEGORIES } from '@coffee/contract';

/** The categories' names in the screens' language (the contract's CATEGORY_LABELS are the English ones). */
export const CATEGORY_NAMES: Record<(typeof CATEGORIES)[number], MessageDescriptor> = {
  coffee: msg`Coffee`,
  'non-coffee': msg`Non Coffee`,
  foods: msg`Foods`,
  'add-on': msg`Add-On`,
};
