import { z } from 'zod';
import { Category, SizeCode } from './products.js';

/**
 * Staff menu management (POST /products, PATCH /products/:id, DELETE /products/:id).
 * The body is JSON, or multipart/form-data with the same fields and the picture FILE in `image`.
 * Form fields arrive as text: the API reads "25" as 25, "true"/"false" as booleans and `sizes` as JSON.
 */
export const MAX_PRODUCT_PRICE = 10_000;
export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 1000;

/** 'is required' when the field is missing, else `message`. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? /*i18n*/ 'is required' : message;

/** Thousands of rupiah, as the read API: 34 is IDR 34.000. */
export const PriceInput = z
  .number({ error: requiredOr(/*i18n*/ 'must be a number (thousands of rupiah: 34 means IDR 34.000)') })
  .int(/*i18n*/ 'must be a whole number of thousands of rupiah (34 means IDR 34.000)')
  .min(1, /*i18n*/ 'must be at least 1 (IDR 1.000)')
  .max(MAX_PRODUCT_PRICE, /*i18n*/ 'must be at most 10000 (IDR 10.000.000)')
  .describe(`Price in thousands of rupiah, a whole number from 1 to ${MAX_PRODUCT_PRICE}: 34 means IDR 34.000`);

const name = z
  .string({ error: requiredOr(/*i18n*/ 'must be text') })
  .trim()
  .min(1, /*i18n*/ 'is required')
  .max(PRODUCT_NAME_MAX_LENGTH, /*i18n*/ 'must be at most 120 characters')
  .describe(`The name on the menu, 1 to ${PRODUCT_NAME_MAX_LENGTH} characters`);

const description = z
  .string({ error: /*i18n*/ 'must be text' })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX_LENGTH, /*i18n*/ 'must be at most 1000 characters')
  .describe(`What the product is, shown on its page; at most ${PRODUCT_DESCRIPTION_MAX_LENGTH} characters`);

/** A picture already on the server, by file name (what a JSON body can send instead of a file). */
const imageName = z
  .string({ error: /*i18n*/ 'must be the file name of a picture already uploaded, or a picture file (multipart)' })
  .trim()
  .max(100, /*i18n*/ 'must be the file name of a picture already uploaded')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, /*i18n*/ 'must be the file name of a picture already uploaded');

const sizes = z
  .array(z.object({ code: SizeCode, price: PriceInput }).describe('A size and its price'), {
    error: /*i18n*/ "must be a list of '{ code, price }'",
  })
  .max(3, /*i18n*/ 'has at most 3 sizes (R, L, XL)')
  .refine((list) => new Set(list.map((s) => s.code)).size === list.length, { message: /*i18n*/ 'must not repeat a size' })
  .describe(
    'Sizes with their own prices, each size at most once; replaces every size. Leave out (or empty) for a product sold in one size. In a multipart form: the list as JSON text',
  );

const optionGroupIds = z
  .array(
    z
      .number({ error: /*i18n*/ 'must be option group ids' })
      .int(/*i18n*/ 'must be option group ids')
      .positive(/*i18n*/ 'must be option group ids')
      .max(2_147_483_647, /*i18n*/ 'must be option group ids'),
    { error: /*i18n*/ 'must be a list of option group ids' },
  )
  .max(20, /*i18n*/ 'must have at most 20 option groups')
  .refine((list) => new Set(list).size === list.length, { message: /*i18n*/ 'must not repeat an option group' })
  .describe(
    'The option groups (GET /option-groups) a customer chooses from for this product, in the order shown; replaces every group. In a multipart form: the list as JSON text',
  );

/** The percent off while on promotion; the API caps it so a typo never gives a product away. */
export const MAX_PROMO_PERCENT_OFF = 90;
const promoPercentOff = z
  .number({ error: /*i18n*/ 'must be a whole number of percent from 0 to 90' })
  .int(/*i18n*/ 'must be a whole number of percent from 0 to 90')
  .min(0, /*i18n*/ 'must be a whole number of percent from 0 to 90')
  .max(MAX_PROMO_PERCENT_OFF, /*i18n*/ 'must be at most 90 percent')
  .describe(
    `Percent taken off every size's price while on promotion, 0 to ${MAX_PROMO_PERCENT_OFF} (0: none); the cart and orders charge the lower price. In a multipart form: the number as text`,
  );

const flag = z.boolean({ error: /*i18n*/ 'must be true or false' });
const flags = {
  isFavorite: flag.optional().describe('Show it under Favorite & Promo as a favourite. In a multipart form: "true" or "false"'),
  isPromo: flag.optional().describe('Show it under Favorite & Promo as on promotion. In a multipart form: "true" or "false"'),
  isSoldOut: flag
    .optional()
    .describe('Keep it listed but refuse new orders for it. In a multipart form: "true" or "false"'),
};

export const CreateProductInput = z
  .object({
    name,
    price: PriceInput,
    category: Category,
    image: imageName
      .or(z.literal(''))
      .nullable()
      .optional()
      .describe(
        'The file name of a picture already uploaded; absent, empty or null: the shop draws a picture from the name. In a multipart form: the picture file itself (an empty field is no file)',
      ),
    description: description.optional(),
    sizes: sizes.optional(),
    optionGroupIds: optionGroupIds.optional(),
    promoPercentOff: promoPercentOff.optional(),
    ...flags,
  })
  .meta({ id: 'CreateProductInput', description: 'A new product for the menu' });
export type CreateProductInput = z.infer<typeof CreateProductInput>;

/**
 * Only the fields sent change; `sizes` replaces every size. An empty or absent `image` keeps the picture (the
 * original shop's edit form always sends `image`, empty when no new file was chosen); `removeImage: true` or JSON
 * `image: null` removes it, and the product then shows a picture drawn from its name.
 */
export const UpdateProductInput = z
  .object({
    name: name.optional(),
    price: PriceInput.optional(),
    category: Category.optional(),
    image: imageName
      .or(z.literal(''))
      .nullable()
      .optional()
      .describe(
        'The file name of a picture already uploaded. Absent or empty keeps the current picture (an edit form with no new file sends an empty `image`); null removes it, as `removeImage`. In a multipart form: the new picture file',
      ),
    removeImage: flag
      .optional()
      .describe(
        'true removes the picture: the shop then draws one from the name, as for a product added without one. Not with a new `image`. In a multipart form: "true" or "false"',
      ),
    description: description.optional(),
    sizes: sizes.optional(),
    optionGroupIds: optionGroupIds.optional(),
    promoPercentOff: promoPercentOff.optional(),
    ...flags,
  })
  .meta({ id: 'UpdateProductInput', description: 'Changes to a product: only the fields sent change' });
export type UpdateProductInput = z.infer<typeof UpdateProductInput>;

/** Which text form fields carry numbers, booleans and JSON (used to read multipart bodies). */
export const PRODUCT_FORM_FIELDS = {
  numbers: ['price', 'promoPercentOff'],
  booleans: ['isFavorite', 'isPromo', 'isSoldOut', 'removeImage'],
  json: ['sizes', 'optionGroupIds'],
} as const;
