import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { OptionGroupInput, SIZE_CODES, priceUnitsToRupiah } from '@coffee/contract';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { PICTURE_COPY_WIDTHS, pictureCopyName } from '../lib/images.js';
import { createOptionService } from '../modules/options/options.service.js';
import { createProductService, type NewProduct } from '../modules/products/products.service.js';
import { DEMO_PICTURES_DIR, demoPictureName } from './demo-pictures.js';
import { DEMO_MENU, DEMO_OPTION_GROUPS, demoOptionGroupsOf, type DemoOptionGroup, type DemoProduct } from './menu.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What the demo menu's promo products take off, so "the price has been cut by discount" shows on a fresh shop. */
const DEMO_PROMO_PERCENT_OFF = 20;

function toNewProduct(item: DemoProduct, picture: string, now: number, groupIds: ReadonlyMap<DemoOptionGroup, number>): NewProduct {
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
    promoPercentOff: item.isPromo ? DEMO_PROMO_PERCENT_OFF : 0,
    isSoldOut: item.isSoldOut,
    optionGroupIds: demoOptionGroupsOf(item).flatMap((group) => groupIds.get(group) ?? []),
    // Back-dated so that "newest first" shows a believable order on a fresh shop.
    createdAt: new Date(now - item.addedDaysAgo * DAY_MS).toISOString(),
  };
}

async function removeFiles(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file, { force: true })));
}

/**
 * Fills an empty catalogue with the demo menu, each product with its committed picture (drawn once by
 * `npm run seed:pictures`). Does nothing and returns null when the products table holds any row, deleted ones
 * included, so restarts never duplicate the menu and a shop that removed everything stays empty.
 *
 * Pictures are copied under random names, as uploads are, so staff replacing or deleting one never touches
 * another product's file. They are copied before the transaction, then every product goes in in one
 * transaction; if anything fails, the files written are removed so no orphan is left behind.
 */
export async function loadDemoData(
  database: DatabaseHandle,
  config: Pick<Config, 'uploadsDir'>,
  picturesDir = DEMO_PICTURES_DIR,
): Promise<{ products: number } | null> {
  // Through the modules' doors: the catalogue and its option groups are theirs to write.
  const options = createOptionService({ db: database.db });
  const repo = createProductService({ db: database.db, optionGroups: options });
  if (await repo.hasAnyProductRows()) return null;

  const missing = (
    await Promise.all(
      DEMO_MENU.map((item) => fs.access(path.join(picturesDir, demoPictureName(item))).then(() => [], () => [demoPictureName(item)])),
    )
  ).flat();
  if (missing.length > 0) {
    throw new Error(
      `The demo menu's pictures ${missing.join(', ')} are missing from ${picturesDir}: run \`npm run seed:pictures\`, or start with DEMO_DATA=false`,
    );
  }

  await fs.mkdir(config.uploadsDir, { recursive: true });
  const written: string[] = [];
  try {
    const copied = await Promise.allSettled(
      DEMO_MENU.map(async (item) => {
        const fileName = `${randomUUID()}.webp`;
        const committed = demoPictureName(item);
        // Its narrower copies first, when committed (a missing one is written by the start-up check), then the picture.
        const files: [string, string][] = [
          ...PICTURE_COPY_WIDTHS.map((width) => [pictureCopyName(committed, width), pictureCopyName(fileName, width)] as [string, string]),
          [committed, fileName],
        ];
        for (const [from, to] of files) {
          const file = path.join(config.uploadsDir, to);
          // Recorded before copying: a copy that fails half-way still leaves a file to remove.
          written.push(file);
          try {
            await fs.copyFile(path.join(picturesDir, from), file, fs.constants.COPYFILE_EXCL);
          } catch (err) {
            // A copy not committed (pictures drawn before copies were) is left to the start-up check.
            if (from === committed || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          }
        }
        return { item, fileName };
      }),
    );
    // allSettled, not all: wait for every copy to finish before deciding, so cleanup sees every file.
    const failed = copied.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const pictured = copied.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));

    const now = Date.now();
    const inserted = await repo.transaction(async (trx) => {
      // Checked again inside the transaction: another start-up may have loaded the menu while we copied.
      if (await repo.hasAnyProductRows(trx)) return null;
      const groupIds = new Map<DemoOptionGroup, number>();
      for (const [key, group] of Object.entries(DEMO_OPTION_GROUPS) as [DemoOptionGroup, (typeof DEMO_OPTION_GROUPS)[DemoOptionGroup]][]) {
        groupIds.set(key, await options.insertGroupIn(OptionGroupInput.parse(group), trx));
      }
      for (const { item, fileName } of pictured) {
        await repo.storeProduct(toNewProduct(item, fileName, now, groupIds), trx);
      }
      return pictured.length;
    });
    if (inserted === null) {
      await removeFiles(written);
      return null;
    }
    return { products: inserted };
  } catch (err) {
    await removeFiles(written);
    throw err;
  }
}
