// Plain values, no schema: the product page reads the labels, and a module that also declared zod schemas would bring
// zod and those schemas into that page's JavaScript with them.

export const SIZE_CODES = ['R', 'L', 'XL'] as const;

export const SIZE_LABELS: Record<(typeof SIZE_CODES)[number], string> = { R: 'Regular', L: 'Large', XL: 'Extra Large' };
