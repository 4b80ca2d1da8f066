import fs from 'node:fs/promises';
import path from 'node:path';
import { CATEGORIES, type Category } from '@coffee/contract';
import { artForProduct, renderProductPicture } from '../../lib/product-art.js';

/**
 * The picture a product shows when its row lists none (rows stored before every product had one, or a damaged
 * cell): one drawn picture per category, served like any upload. Clients written for the original shop build
 * every picture address from `images[0].filename` and break on a product without one, so the answer never has
 * an empty `images`. Products staff add or edit without a picture get their own drawing instead (menu management).
 */
export const DEFAULT_PICTURE_FILES: Readonly<Record<Category, string>> = {
  coffee: 'default-coffee.webp',
  'non-coffee': 'default-non-coffee.webp',
  foods: 'default-foods.webp',
  'add-on': 'default-add-on.webp',
};

/** What each default shows: a name the picture generator reads as that category's everyday item. */
const DEFAULT_SUBJECTS: Readonly<Record<Category, string>> = {
  coffee: 'Coffee',
  'non-coffee': 'Tea',
  foods: 'Fried Rice',
  'add-on': 'Syrup',
};

const defaultNames = new Set(Object.values(DEFAULT_PICTURE_FILES));

/** A default picture is shared by many products: never deleted with one of them. */
export function isDefaultPicture(fileName: string): boolean {
  return defaultNames.has(fileName);
}

/** Draws the default pictures into the uploads folder, once: a file already there is kept. */
export async function ensureDefaultPictures(uploadsDir: string): Promise<void> {
  await fs.mkdir(uploadsDir, { recursive: true });
  await Promise.all(
    CATEGORIES.map(async (category) => {
      const file = path.join(uploadsDir, DEFAULT_PICTURE_FILES[category]);
      const exists = await fs.stat(file).then((s) => s.isFile(), () => false);
      if (exists) return;
      const picture = await renderProductPicture(artForProduct(DEFAULT_SUBJECTS[category], category));
      // Written under a temporary name and renamed, so a request never reads half a picture.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, picture);
      await fs.rename(partial, file);
    }),
  );
}
