import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { createAttemptLimit } from '../../plugins/rate-limit.js';
import type { OptionService } from '../options/options.service.js';
import { broadcastCatalogueVersion, catalogueVersionOf, type CatalogueVersion } from './catalogue-cache.js';
import { DEFAULT_PICTURE_FILES, installDefaultPictures } from './default-pictures.js';
import { createMenuManagementService } from './menu-management.service.js';
import { createProductPictures } from './product-pictures.js';
import { createProductRepository } from './products.repository.js';
import { productRoutes } from './products.routes.js';
import { createProductService, type ProductService } from './products.service.js';

/**
 * The catalogue's version, which every catalogue write moves on (options too: product answers carry their groups).
 * With several processes, a write anywhere drops every process's cached menu answers.
 */
export async function catalogueVersionFor(app: FastifyInstance, ctx: ModuleContext): Promise<CatalogueVersion> {
  return ctx.redis ? broadcastCatalogueVersion(ctx.db, ctx.redis, app.log) : catalogueVersionOf(ctx.db);
}

/**
 * The catalogue: owns `products` and `product_sizes`; its door is the product service (menu management is its
 * own routes' business). Needs the rate-limit plugin registered.
 */
export async function productsModule(
  app: FastifyInstance,
  ctx: ModuleContext & { catalogueVersion: CatalogueVersion; options: OptionService },
): Promise<ProductService> {
  const { config, options } = ctx;
  const productRepository = createProductRepository(ctx.db, ctx.catalogueVersion, options);
  const pictures = createProductPictures({ uploadsDir: config.uploadsDir });
  const products = createProductService({ productRepository, pictures });
  const menu = createMenuManagementService({ products, productRepository, uploadsDir: config.uploadsDir, options });
  // Every listed product shows a picture: rows that list none show their category's default (committed files, copied once).
  await installDefaultPictures(config.uploadsDir);
  // When ready, so after server.ts has migrated and loaded the demo menu, and before it listens: pictures stored
  // before they got narrower copies (older uploads, the demo menu's first start) get them once; later starts only check.
  app.addHook('onReady', async () => {
    const started = performance.now();
    try {
      const files = [...Object.values(DEFAULT_PICTURE_FILES), ...(await productRepository.listPictureFiles())];
      const report = await pictures.writeMissingCopies(files);
      const ms = Math.round(performance.now() - started);
      if (report.written > 0) app.log.info({ pictures: report.pictures, copies: report.written, ms }, 'wrote the missing narrower copies of product pictures');
      if (report.failed.length > 0) app.log.warn({ files: report.failed }, 'product pictures missing or unreadable: they show without narrower copies');
    } catch (err) {
      // The menu still works without the copies (each picture then offers its main file only).
      app.log.error({ err }, 'checking the narrower copies of product pictures failed');
    }
  });
  // Picture uploads are counted per account, since decoding them is what costs; staff setting up a menu need
  // more than a customer changing a profile photo, so the two have their own counts.
  const pictureUploads = createAttemptLimit(app, 'product-picture-uploads-by-account', {
    what: 'picture uploads',
    max: config.rateLimits.productPictureUploadsPerAccount,
    windowMs: config.rateLimits.pictureUploadWindowMs,
  });
  await app.register(productRoutes, { prefix: API_PREFIX, products, menu, pictureUploads });
  return products;
}
