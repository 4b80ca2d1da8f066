import { z } from 'zod';
import { Category, SizeCode } from './products.js';

/**
 * Staff menu management (spec section 7: POST /products, PATCH /products/:id, DELETE /products/:id).
 * The body is JSON, or multipart/form-data with the same fields and the picture FILE in `image`.
 * Form fields arrive as text: the API reads "25" as 25, "true"/"false" as booleans and `sizes` as JSON.
 */
export const MAX_PRODUCT_PRICE = 10_000;
export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 1000;

/** 'is required' when the field is missing, else `message`. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

/** Thousands of rupiah, as the read API: 34 is IDR 34.000. */
export const PriceInput = z
  .number({ error: requiredOr('must be a number (thousands of rupiah: 34 means IDR 34.000)') })
  .int('must be a whole number of thousands of rupiah (34 means IDR 34.000)')
  .min(1, 'must be at least 1 (IDR 1.000)')
  .max(MAX_PRODUCT_PRICE, `must be at most ${MAX_PRODUCT_PRICE} (IDR 10.000.000)`);

const name = z
  .string({ error: requiredOr('must be text') })
  .trim()
  .min(1, 'is required')
  .max(PRODUCT_NAME_MAX_LENGTH, `must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`);

const description = z
  .string({ error: 'must be text' })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX_LENGTH, `must be at most ${PRODUCT_DESCRIPTION_MAX_LENGTH} characters`);

/** A picture already on the server, by file name (the JSON "store version" of the spec). */
const imageName = z
  .string({ error: 'must be the file name of a picture already uploaded, or a picture file (multipart)' })
  .trim()
  .max(100, 'must be the file name of a picture already uploaded')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be the file name of a picture already uploaded');

const sizes = z
  .array(z.object({ code: SizeCode, price: PriceInput }), { error: 'must be a list of { code, price }' })
  .max(3, 'has at most 3 sizes (R, L, XL)')
  .refine((list) => new Set(list.map((s) => s.code)).size === list.length, { message: 'must not repeat a size' });

const flag = z.boolean({ error: 'must be true or false' });

export const CreateProductInput = z
  .object({
    name,
    price: PriceInput,
    category: Category,
    /** Absent or empty: no picture (or the uploaded file, in a multipart request). */
    image: imageName.or(z.literal('')).optional(),
    description: description.optional(),
    /** Sizes with their own prices; leave out for products sold in one size. */
    sizes: sizes.optional(),
    isFavorite: flag.optional(),
    isPromo: flag.optional(),
    isSoldOut: flag.optional(),
  })
  .meta({ id: 'CreateProductInput' });
export type CreateProductInput = z.infer<typeof CreateProductInput>;

/** Only the fields sent change. `image: null` (or "") removes the picture; `sizes` replaces every size. */
export const UpdateProductInput = z
  .object({
    name: name.optional(),
    price: PriceInput.optional(),
    category: Category.optional(),
    image: imageName.or(z.literal('')).nullable().optional(),
    description: description.optional(),
    sizes: sizes.optional(),
    isFavorite: flag.optional(),
    isPromo: flag.optional(),
    isSoldOut: flag.optional(),
  })
  .meta({ id: 'UpdateProductInput' });
export type UpdateProductInput = z.infer<typeof UpdateProductInput>;

/** Which text form fields carry numbers, booleans and JSON (used to read multipart bodies). */
export const PRODUCT_FORM_FIELDS = {
  numbers: ['price'],
  booleans: ['isFavorite', 'isPromo', 'isSoldOut'],
  json: ['sizes'],
} as const;
