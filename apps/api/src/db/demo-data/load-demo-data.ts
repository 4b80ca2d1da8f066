import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SIZE_CODES, priceUnitsToRupiah } from '@coffee/contract';
import type { Config } from '../../config.js';
import { noteCatalogueChanged } from '../../modules/products/catalogue-cache.js';
import { createProductRepository, type NewProduct } from '../../modules/products/products.repository.js';
import type { DatabaseHandle } from '../database.js';
import { DEMO_MENU, type DemoProduct } from './menu.js';
import { renderProductPicture } from './product-art.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function toNewProduct(item: DemoProduct, picture: string, now: number): NewProduct {
  const sizes = item.sizes;
  return {
    name: item.name,
    description: item.description,
    category: item.category,
    priceIdr: priceUnitsToRupiah(item.price),
    images: [picture],
    sizes: sizes ? SIZE_CODES.map((code) => ({ code, priceIdr: priceUnitsToRupiah(sizes[code]) })) : [],
    isFavorite: item.isFavorite,
    isPromo: item.isPromo,
    isSoldOut: item.isSoldOut,
    // Back-dated so that "newest first" shows a believable order on a fresh shop.
    createdAt: new Date(now - item.addedDaysAgo * DAY_MS).toISOString(),
  };
}

async function removeFiles(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file, { force: true })));
}

/**
 * Fills an empty catalogue with the demo menu (the spec's sample products made real), each with a picture
 * drawn by the project. Does nothing and returns null when the products table holds any row, deleted ones
 * included, so restarts never duplicate the menu and a shop that removed everything stays empty.
 *
 * Pictures are rendered before the transaction (rendering is slow and must not hold the write lock), then
 * every product goes in in one transaction; if anything fails, the files written are removed so no orphan
 * is left behind.
 */
export async function loadDemoData(database: DatabaseHandle, config: Config): Promise<{ products: number } | null> {
  const repo = createProductRepository(database.db);
  if (await repo.hasAnyProductRows()) return null;

  await fs.mkdir(config.uploadsDir, { recursive: true });
  const written: string[] = [];
  try {
    const rendered = await Promise.allSettled(
      DEMO_MENU.map(async (item) => {
        const fileName = `${randomUUID()}.webp`;
        const file = path.join(config.uploadsDir, fileName);
        const picture = await renderProductPicture(item.art);
        // Recorded before writing: a write that fails half-way still leaves a file to remove.
        written.push(file);
        await fs.writeFile(file, picture, { flag: 'wx' });
        return { item, fileName };
      }),
    );
    // allSettled, not all: wait for every write to finish before deciding, so cleanup sees every file.
    const failed = rendered.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const pictured = rendered.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));

    const now = Date.now();
    const inserted = await database.db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: another start-up may have loaded the menu while we rendered.
      if (await repo.hasAnyProductRows(trx)) return null;
      for (const { item, fileName } of pictured) {
        await repo.createProduct(toNewProduct(item, fileName, now), trx);
      }
      return pictured.length;
    });
    if (inserted === null) {
      await removeFiles(written);
      return null;
    }
    noteCatalogueChanged(database.db);
    return { products: inserted };
  } catch (err) {
    await removeFiles(written);
    throw err;
  }
}
