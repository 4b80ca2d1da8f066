import fs from 'node:fs/promises';
import path from 'node:path';
import {
  priceUnitsToRupiah,
  type Category,
  type CreateProductInput,
  type Product,
  type UpdateProductInput,
} from '@coffee/contract';
import { badRequest } from '../../lib/errors.js';
import { isPictureCopyName, removeImage, storeImage, writeMissingCopies } from '../../lib/images.js';
import { isDefaultPicture } from './default-pictures.js';
import type { NewProductSize, ProductChanges, ProductRepository } from './products.repository.js';
import type { OptionService } from '../options/options.service.js';
import type { ProductService } from './products.service.js';

export interface MenuManagementDeps {
  /** Writes go through the catalogue service (404s and its rules); the repository drops cached answers. */
  products: ProductService;
  productRepository: Pick<ProductRepository, 'isImageInUse'>;
  uploadsDir: string;
  /** Refuses option group ids that name no group (400), before anything is written. */
  options?: Pick<OptionService, 'checkGroupIds'>;
}

/** Drinks are poured in sizes: a drink sent with an empty size list is a form whose prices were left blank. */
const DRINKS: readonly Category[] = ['coffee', 'non-coffee'];
function assertDrinkSizes(category: Category, sizes: CreateProductInput['sizes']): void {
  if (DRINKS.includes(category) && sizes !== undefined && sizes.length === 0) {
    throw badRequest(/*i18n*/ 'A drink needs the price of at least one size (Regular, Large or Extra Large).', 'sizes');
  }
}

const toSizes = (sizes: NonNullable<CreateProductInput['sizes']>): NewProductSize[] =>
  sizes.map((s) => ({ code: s.code, priceIdr: priceUnitsToRupiah(s.price) }));

/**
 * Staff changes to the menu, with their pictures. Who may call these is checked by
 * the routes (requireStaff). File and row stay consistent: the picture is written first, then the row
 * in a transaction; if the row fails the new file is deleted, and a replaced picture is deleted only
 * after the new row is committed (and only when no other product still lists it).
 */
export function createMenuManagementService(deps: MenuManagementDeps) {
  const { products, productRepository, uploadsDir } = deps;
  /**
   * A picture named in JSON must already be one of ours; the name is a bare file name (contract regex). A narrower
   * copy (`….w320.webp`) is never a product's picture: answers only ever name it in a `srcset`.
   */
  async function assertUploaded(fileName: string): Promise<void> {
    const stat = isPictureCopyName(fileName) ? undefined : await fs.stat(path.join(uploadsDir, fileName)).catch(() => undefined);
    if (!stat?.isFile()) {
      throw badRequest(/*i18n*/ 'That picture is not on the server any more: please choose the picture file again.', 'image');
    }
    // An upload from before pictures had copies gets them now. Without them it still shows (its main file only),
    // so a busy decode queue does not refuse the change.
    await writeMissingCopies(uploadsDir, fileName).catch(() => undefined);
  }

  /** Product pictures are shown small in lists, so they are stored with their narrower copies. */
  const storeProductPicture = async (picture: Buffer) => (await storeImage(picture, uploadsDir, 'image', { copies: true })).fileName;

  /**
   * The picture the request names: a new file, the name of an uploaded one, or none at all (undefined) when
   * `image` is absent, empty or null. An empty `image` is what an edit form sends when no new file was chosen.
   */
  async function resolvePicture(
    image: string | null | undefined,
    picture: Buffer | undefined,
  ): Promise<{ fileName: string; stored: boolean } | undefined> {
    if (picture) {
      if (image) throw badRequest(/*i18n*/ 'Send either a picture file or the name of an uploaded picture, not both.', 'image');
      return { fileName: await storeProductPicture(picture), stored: true };
    }
    if (!image) return undefined;
    await assertUploaded(image);
    return { fileName: image, stored: false };
  }

  async function removeIfUnused(fileNames: readonly string[]): Promise<void> {
    for (const fileName of fileNames) {
      if (isDefaultPicture(fileName)) continue;
      if (!(await productRepository.isImageInUse(fileName))) await removeImage(uploadsDir, fileName);
    }
  }

  return {
    async addProduct(input: CreateProductInput, picture?: Buffer): Promise<Product> {
      assertDrinkSizes(input.category, input.sizes);
      if (input.optionGroupIds) await deps.options?.checkGroupIds(input.optionGroupIds);
      const chosen = await resolvePicture(input.image, picture);
      // No picture: no image work and no file. The row lists none and answers show the category's default picture.
      const stored = chosen?.stored ? chosen.fileName : undefined;
      try {
        return await products.createProduct({
          name: input.name,
          description: input.description ?? '',
          category: input.category,
          priceIdr: priceUnitsToRupiah(input.price),
          images: chosen ? [chosen.fileName] : [],
          sizes: toSizes(input.sizes ?? []),
          isFavorite: input.isFavorite ?? false,
          isPromo: input.isPromo ?? false,
          promoPercentOff: input.promoPercentOff ?? 0,
          isSoldOut: input.isSoldOut ?? false,
          optionGroupIds: input.optionGroupIds,
        });
      } catch (err) {
        await removeImage(uploadsDir, stored);
        throw err;
      }
    },

    async changeProduct(rawId: string, input: UpdateProductInput, picture?: Buffer): Promise<Product> {
      // 404 before any file is written.
      const before = await products.getProduct(rawId);
      assertDrinkSizes(input.category ?? before.category, input.sizes);
      if (input.optionGroupIds) await deps.options?.checkGroupIds(input.optionGroupIds);
      // Removing is explicit (removeImage, or JSON image: null): an empty or absent image keeps the picture.
      const remove = input.removeImage === true || input.image === null;
      if (remove && (picture || input.image)) {
        throw badRequest(/*i18n*/ 'Send a new picture or remove the picture, not both', 'image');
      }
      const chosen = remove ? undefined : await resolvePicture(input.image, picture);
      // Removed: the row lists no picture and the product shows its category's default (no file is written).
      const images = remove ? [] : chosen ? [chosen.fileName] : undefined;
      const changes: ProductChanges = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.price !== undefined ? { priceIdr: priceUnitsToRupiah(input.price) } : {}),
        ...(input.sizes !== undefined ? { sizes: toSizes(input.sizes) } : {}),
        ...(input.optionGroupIds !== undefined ? { optionGroupIds: input.optionGroupIds } : {}),
        ...(input.isFavorite !== undefined ? { isFavorite: input.isFavorite } : {}),
        ...(input.isPromo !== undefined ? { isPromo: input.isPromo } : {}),
        ...(input.promoPercentOff !== undefined ? { promoPercentOff: input.promoPercentOff } : {}),
        ...(input.isSoldOut !== undefined ? { isSoldOut: input.isSoldOut } : {}),
        ...(images !== undefined ? { images } : {}),
      };
      let updated: Product;
      try {
        updated = await products.updateProduct(rawId, changes);
      } catch (err) {
        if (chosen?.stored) await removeImage(uploadsDir, chosen.fileName);
        throw err;
      }
      if (images !== undefined) {
        await removeIfUnused(before.images.map((image) => image.filename).filter((name) => !images.includes(name)));
      }
      return updated;
    },

    /**
     * Soft delete: the row stays for past orders, and so does its picture (order history shows it).
     */
    async removeProduct(rawId: string): Promise<void> {
      await products.deleteProduct(rawId);
    },
  };
}

export type MenuManagementService = ReturnType<typeof createMenuManagementService>;
