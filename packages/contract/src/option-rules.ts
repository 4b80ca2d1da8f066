// Plain values, no schema: the product page's option chooser reads them, and a module that also declared zod schemas
// would bring zod and those schemas into that page's JavaScript with them.

export const BARISTA_NOTE_MAX_LENGTH = 140;

/** Whether a group is shown as radio buttons (choose exactly one) or checkboxes. */
export const isChooseOne = (group: { minChoices: number; maxChoices: number }): boolean =>
  group.minChoices === 1 && group.maxChoices === 1;
