import { z } from 'zod';
import { dataOf } from './common.js';

/** What is sold out at one store on top of the products sold out everywhere (`isSoldOut` of a product). */
export const StoreSoldOut = z
  .object({
    storeId: z.number().int().describe('The store'),
    productIds: z.array(z.number().int()).describe('Products sold out at this store only, lowest id first'),
  })
  .meta({ id: 'StoreSoldOut', description: 'What a store has run out of' });
export type StoreSoldOut = z.infer<typeof StoreSoldOut>;

export const StoreSoldOutResponse = dataOf(StoreSoldOut, 'What the store has run out of').meta({
  id: 'StoreSoldOutResponse',
  description: 'What a store has run out of',
});
export type StoreSoldOutResponse = z.infer<typeof StoreSoldOutResponse>;

export const StoreProductParams = z.object({
  id: z.string().describe('The store id, a whole number; any other text is not found (404)'),
  productId: z.string().describe('The product id, a whole number; any other text is not found (404)'),
});
export type StoreProductParams = z.infer<typeof StoreProductParams>;
