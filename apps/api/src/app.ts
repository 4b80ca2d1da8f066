import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { DELIVERY_METHODS, ListProductsQuery } from '@coffee/contract';
import type { Config } from './config.js';
import { documentTransform } from './lib/openapi-transform.js';
import type { DatabaseHandle } from './db/database.js';
import { registerCors } from './plugins/cors.js';
import { createShopMetrics, registerMetricsRoute, registerRequestMetrics, type ShopMetrics } from './plugins/metrics.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { loadTranslator, type Translator } from './lib/i18n.js';
import { registerCompression } from './plugins/compression.js';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app.js';
import { registerLifecycle } from './plugins/lifecycle.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTextSafety } from './plugins/text-safety.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { RequestLogController } from './lib/request-logger.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { configureImageDecoding } from './lib/images.js';
import type { RedisLink } from './lib/redis.js';
import { createShopClock } from './lib/shop-clock.js';
import { testClockRoutes } from './plugins/test-clock.js';
import type { ModuleContext } from './plugins/module-context.js';
import { authModule, sessionsModule } from './modules/auth/auth.module.js';
import { usersModule } from './modules/users/users.module.js';
import { staffModule } from './modules/staff/staff.module.js';
import { optionsModule } from './modules/options/options.module.js';
import { catalogueVersionFor, productsModule } from './modules/products/products.module.js';
import { productAnswer, productListAnswer } from './modules/products/products.routes.js';
import type { ProductService } from './modules/products/products.service.js';
import { promotionsModule } from './modules/promotions/promotions.module.js';
import { storesModule } from './modules/stores/stores.module.js';
import { cartModule } from './modules/cart/cart.module.js';
import { ordersModule } from './modules/orders/orders.module.js';
import type { RewardDoor } from './modules/orders/orders.service.js';
import { loyaltyModule } from './modules/loyalty/loyalty.module.js';
import { favouritesModule } from './modules/favourites/favourites.module.js';
import { eventsModule, streamCapsModule } from './modules/events/events.module.js';
import { paymentsModule } from './modules/payments/payments.module.js';
import { reconciliationModule } from './modules/reconciliation/reconciliation.module.js';
import { pushModule } from './modules/push/push.module.js';
import { shopModule } from './modules/shop/shop.module.js';
import type { StoreService } from './modules/stores/stores.service.js';
import { questionsModule } from './modules/questions/questions.module.js';
import { reportsModule } from './modules/reports/reports.module.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Built web app to serve (apps/web/dist); absent in API-only tests. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to SMTP (SMTP_URL) or the DATA_DIR/outbox folder; see lib/mail.ts. */
  mailer?: Mailer;
  /** The clock of every service (delivery hours, timestamps, session expiry); tests pin it. Defaults to the real time. */
  now?: () => Date;
  /** Shared with the other processes (REDIS_URL): rate-limit counts and catalogue changes. Absent: one process. */
  redis?: RedisLink | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mailer (password resets, account notices, order confirmations). */
    mailer: Mailer;
    /** The shop's texts in each language (lib/i18n.ts), for errors, mails and notifications. */
    translator: Translator;
    /** Prometheus metrics, when METRICS_TOKEN or METRICS_PORT turns them on (server.ts serves METRICS_PORT); else null. */
    metrics: ShopMetrics | null;
  }
}

export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

type SlotFill = { store: string; method: (typeof DELIVERY_METHODS)[number]; taken: number; capacity: number };

/** Today's remaining slots of every store and method, summed (GET /metrics); a method a store does not offer has none. */
async function slotFill(stores: StoreService): Promise<SlotFill[]> {
  const fill: SlotFill[] = [];
  for (const store of await stores.listStores()) {
    for (const method of DELIVERY_METHODS) {
      const { slots } = await stores.getSlots(String(store.id), { method });
      fill.push({
        store: store.name,
        method,
        taken: slots.reduce((sum, slot) => sum + slot.taken, 0),
        capacity: slots.reduce((sum, slot) => sum + slot.capacity, 0),
      });
    }
  }
  return fill;
}

/** What the metrics read of the modules, filled in once they are registered (read only when scraped). */
type MetricSources = {
  streams?: () => number;
  refusals?: () => Record<string, number>;
  refusalsHeld?: () => number;
  cache?: () => { hits: number; misses: number };
  slots?: () => Promise<SlotFill[]>;
};

/** GET /metrics and the request counts, when METRICS_TOKEN or METRICS_PORT asks for them; off (no hook, no route) otherwise. */
function registerShopMetrics(app: FastifyInstance, deps: AppDeps, sources: MetricSources): ShopMetrics | null {
  const { config, database } = deps;
  const metrics =
    config.metrics.token || config.metrics.port
      ? createShopMetrics({
          streams: () => ({ open: sources.streams?.() ?? 0, refusals: sources.refusals?.() ?? {}, held: sources.refusalsHeld?.() ?? 0 }),
          answerCache: () => sources.cache?.() ?? { hits: 0, misses: 0 },
          slotFill: () => sources.slots?.() ?? Promise.resolve([]),
          databasePool: () => database.poolState(),
          redis: deps.redis ? () => deps.redis?.client.status === 'ready' : null,
        })
      : null;
  app.decorate('metrics', metrics);
  if (metrics) registerRequestMetrics(app, metrics);
  if (metrics && config.metrics.token) registerMetricsRoute(app, metrics, config.metrics.token);
  return metrics;
}

/** TRUST_PROXY as a hop count: the nearest `hops` proxies are trusted, the address before them is the client. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** The shared plumbing every route goes through, registered before any module: errors, text safety, health, headers, docs. */
async function registerPlumbing(app: FastifyInstance, deps: AppDeps, metricSources: MetricSources): Promise<ShopMetrics | null> {
  const { config, database } = deps;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const translator = await loadTranslator();
  app.decorate('translator', translator);
  registerErrorHandler(app, translator);
  // Before any route is added: every route inherits the hook that refuses control characters in text input.
  registerTextSafety(app);
  registerLifecycle(app, {
    checks: [
      { name: 'database', check: async () => void (await sql`select 1`.execute(database.db)) },
      ...(deps.redis ? [{ name: 'redis', check: deps.redis.ping }] : []),
    ],
  });
  // Metrics read the modules registered below only when scraped.
  const metrics = registerShopMetrics(app, deps, metricSources);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The web app's own files, and the boot script its drawn pages carry inline, by hash (plugins/web-app.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes(deps.webDistDir)],
        // The payment gateway's API, only when one is set: the browser sends a card to it for a token (the card's
        // number never reaches the shop).
        connectSrc: ["'self'", ...(config.midtrans ? [new URL(config.midtrans.apiUrl).origin] : [])],
        // The service worker (/sw.js) and the web app manifest: the shop's own files only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Pictures are fetched by our own pages only; the default same-origin policy is right.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The same rule as the CSP's frame-ancestors 'none', for browsers that only read the older header.
    xFrameOptions: { action: 'deny' },
  }, { httpsAlways: config.publicUrl.startsWith('https://') });
  // After the security headers (it loosens the pictures' Cross-Origin-Resource-Policy); nothing while CORS_ORIGINS is empty.
  await registerCors(app, { origins: config.corsOrigins });

  // Before every route: each one takes the compression hook when it is declared.
  await registerCompression(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Coffee Shop API',
        version: '1.0.0',
        description:
          'Every success answers `{ data }` (lists add `meta`), every error `{ message, field? }`. Prices are thousands of rupiah in `price` and whole rupiah in `priceIdr`.',
      },
    },
    transform: documentTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  return metrics;
}

/**
 * The modules, in dependency order: each is a plugin (`modules/<name>/<name>.module.ts`) that builds its own
 * repository, registers its routes and answers its one service, handed to the modules after it that use it.
 * A new module is one more line here (docs/architecture.md, "Adding a module").
 */
async function registerModules(
  app: FastifyInstance,
  ctx: ModuleContext & { metrics: ShopMetrics | null; metricSources: MetricSources },
): Promise<{ products: ProductService }> {
  // The session plugin first: every route after it sees request.user, and cross-site writes are refused. It reads
  // accounts through the users module's door, registered after it: asked only once requests arrive.
  // Before the session plugin: a flood of live-stream attempts over the caps is refused before any session lookup.
  const { caps, refuser } = streamCapsModule(app, ctx);
  const sessions = await sessionsModule(app, { ...ctx, accounts: { findUserById: (id) => users.findUserById(id) } });
  // Before the routes that name their limits in `config.rateLimit`.
  await registerRateLimits(app, { redis: ctx.redis?.client });
  const users = await usersModule(app, ctx);
  await authModule(app, { ...ctx, users, sessions });
  // Before every module whose routes write the audit record (its hook must be on the root before they are registered).
  await staffModule(app, { ...ctx, users });
  const catalogueVersion = await catalogueVersionFor(app, ctx);
  const options = await optionsModule(app, { ...ctx, onCatalogueChange: async () => void (await catalogueVersion.bump()) });
  const products = await productsModule(app, { ...ctx, catalogueVersion, options });
  // Coupons judge the customer's delivered orders, asked of the orders module registered after it (it spends coupons).
  const promotions = await promotionsModule(app, { ...ctx, products, users, deliveredOrders: (userId, trx) => orders.deliveredOrders(userId, trx) });
  const stores = await storesModule(app, { ...ctx, catalogueVersion, products });
  const cart = await cartModule(app, { ...ctx, products, promotions, stores });
  const payments = await paymentsModule(app, ctx);
  // Rewards are spent by orders at placing, through the loyalty module registered after it (it hears of their steps).
  const rewards: RewardDoor = { rewardForOrder: (...args) => loyalty.rewardForOrder(...args) };
  const orders = await ordersModule(app, { ...ctx, users, products, promotions, stores, cart, payments, rewards });
  const loyalty = await loyaltyModule(app, { ...ctx, orders, products, users, cart });
  await favouritesModule(app, { ...ctx, products, cart });
  await reconciliationModule(app, { ...ctx, stores });
  orders.onSteps((_orderId, steps) => ctx.metrics?.countOrderSteps(steps));
  const push = await pushModule(app, ctx);
  await eventsModule(app, {
    ...ctx,
    orders,
    push,
    caps,
    refuser,
    sessions: { onEnded: (listener) => sessions.onEnded(listener), liveSessionIds: (ids) => sessions.liveSessionIds(ids) },
  });
  await shopModule(app, { ...ctx, payments });
  await questionsModule(app, { ...ctx, products });
  await reportsModule(app, { ...ctx, orders, products, stores });
  Object.assign(ctx.metricSources, {
    streams: () => caps.open(),
    refusals: () => caps.refusals(),
    refusalsHeld: () => refuser.held(),
    cache: () => products.answerCacheStats(),
    slots: () => slotFill(stores),
  } satisfies MetricSources);
  return { products };
}

/** Uploaded pictures, and the built web app with its pages drawn from the products service's own answers. */
async function registerFiles(app: FastifyInstance, config: Config, webDist: string | undefined, products: ProductService): Promise<void> {
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/images/',
    decorateReply: false,
    index: false,
    // Picture names are random and never reused, so they can be cached for good.
    immutable: true,
    maxAge: '365d',
  });
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return;
  await registerWebApp(app, webDist, {
    productPicture: async (id) => (await products.getProduct(id)).imageUrl,
    // The very answers the API gives (the same objects its catalogue cache holds), for pages drawn with their data.
    productList: async (query) => {
      const page = await products.listProducts(ListProductsQuery.parse(query));
      return { source: page, answer: productListAnswer(page) };
    },
    product: async (id) => {
      const product = await products.getProduct(id);
      return { source: product, answer: productAnswer(product).data };
    },
  });
}

/**
 * Every route is checked and serialised with the contract's zod schemas (registerPlumbing sets the same compilers).
 * Named when Fastify is created too, so that it never loads its default ones: otherwise it requires
 * @fastify/ajv-compiler (ajv and ajv-formats) as it starts, whether or not a route uses them. Fastify calls these factories with ajv's options
 * and uses what they return as it would ajv's compilers (the same ({ schema }) arguments), hence the cast.
 */
export const ZOD_COMPILERS = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;

/** Builds the whole app (API, docs, uploads, web app) and never listens: server.ts does that. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Behind a reverse proxy (TRUST_PROXY) the client address and protocol come from X-Forwarded-*; direct by default.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    schemaController: ZOD_COMPILERS,
    forceCloseConnections: 'idle',
    // One log line per request instead of two.
    logController: new RequestLogController(),
  }).withTypeProvider<ZodTypeProvider>();
  const metricSources: MetricSources = {};
  const metrics = await registerPlumbing(app, deps, metricSources);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.idle();
    mailer.close();
  });
  // SHOP_CLOCK exists only on test servers (config.ts refuses it otherwise); a test's own `now` wins.
  const shopClock = !deps.now && config.env === 'test' && config.shopClockStart ? createShopClock(config.shopClockStart) : null;
  const now = deps.now ?? shopClock?.now ?? (() => new Date());
  if (shopClock) await app.register(testClockRoutes, { prefix: '/api/v1', clock: shopClock });
  configureImageDecoding({ concurrency: config.imageDecodeConcurrency });

  const ctx = { config, db: deps.database.db, now, mailer, translator: app.translator, log: app.log, redis: deps.redis };
  const { products } = await registerModules(app, { ...ctx, metrics, metricSources });
  await registerFiles(app, config, deps.webDistDir, products);
  return app;
}
