import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, type Category } from '@coffee/contract';
import { PICTURE_COPY_WIDTHS, pictureCopyName } from '../../lib/images.js';

/**
 * The picture a product shows when its row lists none: every product staff add or edit without a picture, rows
 * stored before every product had one, a damaged cell. One picture per category, the same files for every such
 * product, so adding one costs no image work and writes nothing. Clients written for the original shop build every
 * picture address from `images[0].filename` and break on a product without one, so the answer never has an empty
 * `images`: it names the category's default, served like any upload.
 */
export const DEFAULT_PICTURE_FILES: Readonly<Record<Category, string>> = {
  coffee: 'default-coffee.webp',
  'non-coffee': 'default-non-coffee.webp',
  foods: 'default-foods.webp',
  'add-on': 'default-add-on.webp',
};

/**
 * Where the committed default pictures are: drawn by `npm run seed:pictures` (seed/generate-pictures.ts, the picture
 * generator's only runtime), never at request time. `../../../assets/` is apps/api/assets from src/modules/products/
 * (tests, tsx) and from the compiled dist/modules/products/ alike.
 */
export const DEFAULT_PICTURES_DIR = fileURLToPath(new URL('../../../assets/default-pictures/', import.meta.url));

const defaultNames = new Set(Object.values(DEFAULT_PICTURE_FILES));

/** A default picture is shared by many products: never deleted with one of them. */
export function isDefaultPicture(fileName: string): boolean {
  return defaultNames.has(fileName);
}

/**
 * Copies the committed default pictures and their narrower copies into the uploads folder, once: a file already there
 * is kept. The copies first, so once a main file is there its copies are too (and the start-up check decodes nothing).
 */
export async function installDefaultPictures(uploadsDir: string): Promise<void> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const install = async (name: string) => {
    const file = path.join(uploadsDir, name);
    const exists = await fs.stat(file).then((s) => s.isFile(), () => false);
    if (exists) return;
    // Copied under a temporary name and renamed, so a request never reads half a picture.
    const partial = `${file}.${process.pid}.partial`;
    await fs.copyFile(path.join(DEFAULT_PICTURES_DIR, name), partial);
    await fs.rename(partial, file);
  };
  await Promise.all(
    CATEGORIES.map(async (category) => {
      const name = DEFAULT_PICTURE_FILES[category];
      await Promise.all(PICTURE_COPY_WIDTHS.map((width) => install(pictureCopyName(name, width))));
      await install(name);
    }),
  );
}
