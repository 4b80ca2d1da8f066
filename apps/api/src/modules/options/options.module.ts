import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { optionRoutes } from './options.routes.js';
import { createOptionService, type OptionService } from './options.service.js';

/** Drink options: owns `option_groups`, `options` and `product_option_groups`; its door is the option service. */
export async function optionsModule(app: FastifyInstance, ctx: ModuleContext & { onCatalogueChange: () => Promise<void> }): Promise<OptionService> {
  const options = createOptionService({
    db: ctx.db,
    // Product answers carry their option groups, so a group change moves the catalogue version on like a product write.
    onCatalogueChange: ctx.onCatalogueChange,
    now: ctx.now,
  });
  await app.register(optionRoutes, { prefix: API_PREFIX, options });
  return options;
}
