/**
 * `npm run seed:pictures`: draws the demo menu's pictures into src/seed/pictures/ (one WebP per product,
 * named after it) and deletes pictures of products no longer on the menu. Run it after changing the menu's
 * `art` or the generator, then commit the files; the demo loader only copies them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { renderProductPicture } from '../lib/product-art.js';
import { DEMO_PICTURES_DIR, demoPictureName } from './demo-pictures.js';
import { DEMO_MENU } from './menu.js';

await fs.mkdir(DEMO_PICTURES_DIR, { recursive: true });
const wanted = new Set(DEMO_MENU.map(demoPictureName));
let bytes = 0;
for (const item of DEMO_MENU) {
  const picture = await renderProductPicture(item.art);
  await fs.writeFile(path.join(DEMO_PICTURES_DIR, demoPictureName(item)), picture);
  bytes += picture.length;
}
const stale = (await fs.readdir(DEMO_PICTURES_DIR)).filter((name) => !wanted.has(name));
await Promise.all(stale.map((name) => fs.rm(path.join(DEMO_PICTURES_DIR, name))));
console.log(
  `Drew ${wanted.size} pictures (${Math.round(bytes / 1024)} KB) into ${path.relative(process.cwd(), DEMO_PICTURES_DIR)}` +
    (stale.length > 0 ? `; removed ${stale.join(', ')}` : ''),
);
