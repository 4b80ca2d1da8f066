// Plain values, no schema: the menu page's tabs read the labels, and a module that also declared zod schemas would bring
// zod and those schemas into that page's JavaScript with them.

/** The four category values, used in `?cat=` and on every product. */
export const CATEGORIES = ['coffee', 'non-coffee', 'foods', 'add-on'] as const;

export const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = {
  coffee: 'Coffee',
  'non-coffee': 'Non Coffee',
  foods: 'Foods',
  'add-on': 'Add-On',
};
