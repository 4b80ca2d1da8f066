// Plain values, no schema: the product page's delivery pills read them, and a module that also declared zod schemas
// would bring zod and those schemas into that page's JavaScript with them.

/** The three delivery-method pills of the product and checkout screens. */
export const DELIVERY_METHODS = ['dine-in', 'door-delivery', 'pick-up'] as const;

export const DELIVERY_METHOD_LABELS: Record<(typeof DELIVERY_METHODS)[number], string> = {
  'dine-in': 'Dine in',
  'door-delivery': 'Door Delivery',
  'pick-up': 'Pick up',
};
