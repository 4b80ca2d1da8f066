import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PICTURE_COPY_WIDTHS, pictureCopyName } from '../lib/images.js';
import { renderProductPicture } from './product-art.js';
import { DEMO_PICTURES_DIR, demoPictureName } from './demo-pictures.js';
import { DEMO_MENU } from './menu.js';

const committed = (name: string) => path.join(DEMO_PICTURES_DIR, demoPictureName({ name }));

/** Mean difference per channel (0-255) between two pictures of the same size. */
async function meanDifference(a: Buffer | string, b: Buffer | string): Promise<number> {
  const [pa, pb] = await Promise.all([a, b].map((input) => sharp(input).removeAlpha().raw().toBuffer()));
  if (!pa || !pb || pa.length !== pb.length) return Infinity;
  let total = 0;
  for (let i = 0; i < pa.length; i++) total += Math.abs((pa[i] ?? 0) - (pb[i] ?? 0));
  return total / pa.length;
}

describe("the demo menu's committed pictures", () => {
  it('hold one picture per product of the menu with its narrower copies, and nothing else', () => {
    const files = fs.readdirSync(DEMO_PICTURES_DIR).sort();
    const withCopies = (name: string) => [name, ...PICTURE_COPY_WIDTHS.map((width) => pictureCopyName(name, width))];
    expect(files).toEqual(DEMO_MENU.flatMap((item) => withCopies(demoPictureName(item))).sort());
  });

  it.each(DEMO_MENU.map((p) => p.name))('%s is a 640x640 WebP with a real drawing in it', async (name) => {
    const meta = await sharp(committed(name)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 640]);
    // A grey disc on a grey square (a placeholder) has an entropy near 1 and little contrast;
    // the illustrations sit around 4, with strong contrast in at least one colour channel.
    const { entropy, channels } = await sharp(committed(name)).stats();
    expect(entropy).toBeGreaterThan(3);
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
  });

  // Fails when the menu's art or the generator changed without `npm run seed:pictures`. Compared by pixels,
  // not bytes, so a newer WebP encoder alone does not fail it; a changed colour or topping does.
  it('are what the generator draws from the menu today', async () => {
    const stale: string[] = [];
    for (const product of DEMO_MENU) {
      if ((await meanDifference(committed(product.name), await renderProductPicture(product.art))) > 0.5) stale.push(product.name);
    }
    expect(stale, 'run `npm run seed:pictures` and commit the pictures').toEqual([]);
  }, 60_000);

  it('would notice a product drawn in another colour', async () => {
    const hazelnut = DEMO_MENU.find((p) => p.name === 'Hazelnut Latte');
    if (!hazelnut) throw new Error('Hazelnut Latte is missing from the demo menu');
    const recoloured = await renderProductPicture({ ...hazelnut.art, color: '#B5D196' });
    expect(await meanDifference(committed(hazelnut.name), recoloured)).toBeGreaterThan(0.5);
  });
});
