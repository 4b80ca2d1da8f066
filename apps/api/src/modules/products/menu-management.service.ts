import fs from 'node:fs/promises';
import path from 'node:path';
import {
  priceUnitsToRupiah,
  type CreateProductInput,
  type Product,
  type UpdateProductInput,
} from '@coffee/contract';
import { badRequest } from '../../lib/errors.js';
import { removeImage, storeImage } from '../../lib/images.js';
import type { NewProductSize, ProductChanges, ProductRepository } from './products.repository.js';
import type { ProductService } from './products.service.js';

export interface MenuManagementDeps {
  /** Writes go through the catalogue service, whose write functions drop its cached answers. */
  products: ProductService;
  repo: Pick<ProductRepository, 'isImageInUse'>;
  uploadsDir: string;
}

const toSizes = (sizes: NonNullable<CreateProductInput['sizes']>): NewProductSize[] =>
  sizes.map((s) => ({ code: s.code, priceIdr: priceUnitsToRupiah(s.price) }));

/**
 * Staff changes to the menu (spec section 7), with their pictures. Who may call these is checked by
 * the routes (requireStaff). File and row stay consistent: the picture is written first, then the row
 * in a transaction; if the row fails the new file is deleted, and a replaced picture is deleted only
 * after the new row is committed (and only when no other product still lists it).
 */
export function createMenuManagementService({ products, repo, uploadsDir }: MenuManagementDeps) {
  /** A picture named in JSON must already be one of ours; the name is a bare file name (contract regex). */
  async function assertUploaded(fileName: string): Promise<void> {
    const stat = await fs.stat(path.join(uploadsDir, fileName)).catch(() => undefined);
    if (!stat?.isFile()) {
      throw badRequest(`image "${fileName}" is not a picture on the server: upload the file instead`, 'image');
    }
  }

  /** The images list the request asks for: a new file, a named one, none (null or ''), or unchanged (undefined). */
  async function resolveImages(
    image: string | null | undefined,
    picture: Buffer | undefined,
  ): Promise<{ images: string[] | undefined; stored: string | undefined }> {
    if (picture) {
      if (image) throw badRequest('image: send either a picture file or the name of an uploaded picture, not both', 'image');
      const stored = await storeImage(picture, uploadsDir, 'image');
      return { images: [stored.fileName], stored: stored.fileName };
    }
    if (image === undefined) return { images: undefined, stored: undefined };
    if (image === null || image === '') return { images: [], stored: undefined };
    await assertUploaded(image);
    return { images: [image], stored: undefined };
  }

  async function removeIfUnused(fileNames: readonly string[]): Promise<void> {
    for (const fileName of fileNames) {
      if (!(await repo.isImageInUse(fileName))) await removeImage(uploadsDir, fileName);
    }
  }

  return {
    async addProduct(input: CreateProductInput, picture?: Buffer): Promise<Product> {
      const { images, stored } = await resolveImages(input.image, picture);
      try {
        return await products.createProduct({
          name: input.name,
          description: input.description ?? '',
          category: input.category,
          priceIdr: priceUnitsToRupiah(input.price),
          images: images ?? [],
          sizes: toSizes(input.sizes ?? []),
          isFavorite: input.isFavorite ?? false,
          isPromo: input.isPromo ?? false,
          isSoldOut: input.isSoldOut ?? false,
        });
      } catch (err) {
        await removeImage(uploadsDir, stored);
        throw err;
      }
    },

    async changeProduct(rawId: string, input: UpdateProductInput, picture?: Buffer): Promise<Product> {
      // 404 before any file is written.
      const before = await products.getProduct(rawId);
      const { images, stored } = await resolveImages(input.image, picture);
      const changes: ProductChanges = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.price !== undefined ? { priceIdr: priceUnitsToRupiah(input.price) } : {}),
        ...(input.sizes !== undefined ? { sizes: toSizes(input.sizes) } : {}),
        ...(input.isFavorite !== undefined ? { isFavorite: input.isFavorite } : {}),
        ...(input.isPromo !== undefined ? { isPromo: input.isPromo } : {}),
        ...(input.isSoldOut !== undefined ? { isSoldOut: input.isSoldOut } : {}),
        ...(images !== undefined ? { images } : {}),
      };
      let updated: Product;
      try {
        updated = await products.updateProduct(rawId, changes);
      } catch (err) {
        await removeImage(uploadsDir, stored);
        throw err;
      }
      if (images !== undefined) await removeIfUnused(before.images.filter((name) => !images.includes(name)));
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
