/**
 * `npm run seed:pictures`: draws the demo menu's pictures into src/seed/pictures/ (one WebP per product, named
 * after it), deletes pictures of products no longer on the menu, and draws the four category default pictures
 * (what a product without a picture shows) into apps/api/assets/default-pictures/. Run it after changing the
 * menu's `art` or the generator, then commit the files: the shop only copies them, it never draws at request time.
 * Each picture comes with its narrower copies (`<name>.w320.webp`...), so a first start decodes nothing either.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { CATEGORIES, type Category } from '@coffee/contract';
import { PICTURE_COPY_WIDTHS, pictureCopyName, writeMissingCopies } from '../lib/images.js';
import { DEFAULT_PICTURES_DIR, DEFAULT_PICTURE_FILES } from '../modules/products/default-pictures.js';
import { artForProduct, renderProductPicture } from './product-art.js';
import { DEMO_PICTURES_DIR, demoPictureName } from './demo-pictures.js';
import { DEMO_MENU } from './menu.js';

/** What each default shows: a name the picture generator reads as that category's everyday item. */
const DEFAULT_SUBJECTS: Readonly<Record<Category, string>> = {
  coffee: 'Coffee',
  'non-coffee': 'Tea',
  foods: 'Fried Rice',
  'add-on': 'Syrup',
};

/** Writes a picture and its narrower copies (drawn again: an old copy is never kept beside a new picture). */
async function writeWithCopies(dir: string, fileName: string, picture: Buffer): Promise<number> {
  await Promise.all(PICTURE_COPY_WIDTHS.map((width) => fs.rm(path.join(dir, pictureCopyName(fileName, width)), { force: true })));
  await fs.writeFile(path.join(dir, fileName), picture);
  await writeMissingCopies(dir, fileName);
  return picture.length;
}
const withCopies = (fileName: string) => [fileName, ...PICTURE_COPY_WIDTHS.map((width) => pictureCopyName(fileName, width))];

await fs.mkdir(DEMO_PICTURES_DIR, { recursive: true });
const wanted = new Set(DEMO_MENU.flatMap((item) => withCopies(demoPictureName(item))));
let bytes = 0;
for (const item of DEMO_MENU) {
  bytes += await writeWithCopies(DEMO_PICTURES_DIR, demoPictureName(item), await renderProductPicture(item.art));
}
const stale = (await fs.readdir(DEMO_PICTURES_DIR)).filter((name) => !wanted.has(name));
await Promise.all(stale.map((name) => fs.rm(path.join(DEMO_PICTURES_DIR, name))));

await fs.mkdir(DEFAULT_PICTURES_DIR, { recursive: true });
for (const category of CATEGORIES) {
  const picture = await renderProductPicture(artForProduct(DEFAULT_SUBJECTS[category], category));
  bytes += await writeWithCopies(DEFAULT_PICTURES_DIR, DEFAULT_PICTURE_FILES[category], picture);
}
console.log(
  `Drew ${DEMO_MENU.length} pictures and ${CATEGORIES.length} category defaults (${Math.round(bytes / 1024)} KB) into ` +
    `${path.relative(process.cwd(), DEMO_PICTURES_DIR)} and ${path.relative(process.cwd(), DEFAULT_PICTURES_DIR)}` +
    (stale.length > 0 ? `; removed ${stale.join(', ')}` : ''),
);
