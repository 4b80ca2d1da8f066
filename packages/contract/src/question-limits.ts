// Plain values, no schema: the product page's "Ask a Staff" form reads them, and a module that also declared zod
// schemas would bring zod and those schemas into that page's JavaScript with them.

/** "Ask a Staff" from a product page, when the shop has no chat link: a short message staff answer by email or phone. */
export const QUESTION_NAME_MAX_LENGTH = 80;
export const QUESTION_CONTACT_MAX_LENGTH = 120;
export const QUESTION_MESSAGE_MAX_LENGTH = 1000;
