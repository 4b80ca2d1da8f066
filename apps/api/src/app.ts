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
import { ListProductsQuery } from '@coffee/contract';
import type { Config } from './config.js';
import { documentTransform } from './lib/openapi-transform.js';
import type { DatabaseHandle } from './db/database.js';
import { createProductRepository } from './modules/products/products.repository.js';
import { productAnswer, productListAnswer, productRoutes } from './modules/products/products.routes.js';
import { createMenuManagementService } from './modules/products/menu-management.service.js';
import { optionRoutes } from './modules/options/options.routes.js';
import { createOptionRepository, createOptionService } from './modules/options/options.service.js';
import { createProductService } from './modules/products/products.service.js';
import { DEFAULT_PICTURE_FILES, installDefaultPictures } from './modules/products/default-pictures.js';
import { createProductPictures } from './modules/products/product-pictures.js';
import { registerCors } from './plugins/cors.js';
import { createShopMetrics, registerMetricsRoute, registerRequestMetrics, type ShopMetrics } from './plugins/metrics.js';
import { DELIVERY_METHODS } from '@coffee/contract';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerCompression } from './plugins/compression.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerLifecycle } from './plugins/lifecycle.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTextSafety } from './plugins/text-safety.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { lazyChildLoggerFactory, RequestLogController } from './lib/request-logger.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createPasswordResetRepository } from './modules/auth/password-resets.repository.js';
import { createSessionRepository } from './modules/auth/sessions.repository.js';
import { createSessionService } from './modules/auth/sessions.service.js';
import { createIdentityRepository } from './modules/auth/identities.repository.js';
import { oidcRoutes } from './modules/auth/oidc.routes.js';
import { createOidcService } from './modules/auth/oidc.service.js';
import { userRoutes } from './modules/users/users.routes.js';
import { createUserRepository } from './modules/users/users.repository.js';
import { createUserService } from './modules/users/users.service.js';
import { createAttemptLimit, registerRateLimits } from './plugins/rate-limit.js';
import { configureImageDecoding } from './lib/images.js';
import type { RedisLink } from './lib/redis.js';
import { broadcastCatalogueVersion } from './modules/products/catalogue-cache.js';
import { registerSessions } from './plugins/session.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { createCartRepository } from './modules/cart/cart.repository.js';
import { createCartService } from './modules/cart/cart.service.js';
import { promotionRoutes } from './modules/promotions/promotions.routes.js';
import { createShopClock } from './lib/shop-clock.js';
import { testClockRoutes } from './plugins/test-clock.js';
import { createPromotionRepository, createPromotionService } from './modules/promotions/promotions.service.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { createOrderRepository } from './modules/orders/orders.repository.js';
import { createOrderService } from './modules/orders/orders.service.js';
import { paymentNotificationRoutes } from './modules/orders/payment-notification.routes.js';
import { createMidtransClient, createPaymentService } from './modules/payments/payments.service.js';
import { createPaymentRepository } from './modules/payments/payments.repository.js';
import { shopRoutes } from './modules/shop/shop.routes.js';
import { questionRoutes } from './modules/questions/questions.routes.js';
import { createQuestionRepository, createQuestionService } from './modules/questions/questions.service.js';
import { createShopService } from './modules/shop/shop.service.js';
import { storeRoutes } from './modules/stores/stores.routes.js';
import { createStoreRepository, createStoreService, type StoreService } from './modules/stores/stores.service.js';
import { eventRoutes } from './modules/events/events.routes.js';
import { createEventsRepository, createEventsService, createOrderFeed, createStreamCaps } from './modules/events/events.service.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { createPushRepository, createPushService } from './modules/push/push.service.js';

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
    /** Prometheus metrics, when METRICS_TOKEN or METRICS_PORT turns them on (server.ts serves METRICS_PORT); else null. */
    metrics: ShopMetrics | null;
  }
}

/** Questions one client address may send per RATE_LIMIT_WINDOW_MINUTES: enough for a family, not for a flood of mail. */
const QUESTIONS_PER_ADDRESS = 5;
/** How often the forgot-password queue is looked at (a few requests each time): a reset link leaves within about this long. */
const RESET_QUEUE_INTERVAL_MS = 100;

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

/** TRUST_PROXY as a hop count: the nearest `hops` proxies are trusted, the address before them is the client. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole app (API, docs, uploads, web app) and never listens: server.ts does that. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Behind a reverse proxy (TRUST_PROXY) the client address and protocol come from X-Forwarded-*; direct by default.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // request.log's pino child is made only when a request logs something (lib/request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    // One log line per request instead of two.
    logController: new RequestLogController(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before any route is added: every route inherits the hook that refuses control characters in text input.
  registerTextSafety(app);
  registerLifecycle(app, {
    checks: [
      { name: 'database', check: async () => void (await sql`select 1`.execute(database.db)) },
      ...(deps.redis ? [{ name: 'redis', check: deps.redis.ping }] : []),
    ],
  });

  // Metrics read the services built below only when scraped; off (no hook, no route) unless asked for.
  const metricSources: { streams?: () => number; refusals?: () => Record<string, number>; cache?: () => { hits: number; misses: number }; slots?: () => Promise<SlotFill[]> } = {};
  const metrics =
    config.metrics.token || config.metrics.port
      ? createShopMetrics({
          streams: () => ({ open: metricSources.streams?.() ?? 0, refusals: metricSources.refusals?.() ?? {} }),
          answerCache: () => metricSources.cache?.() ?? { hits: 0, misses: 0 },
          slotFill: () => metricSources.slots?.() ?? Promise.resolve([]),
          databasePool: () => database.poolState(),
          redis: deps.redis ? () => deps.redis?.client.status === 'ready' : null,
        })
      : null;
  app.decorate('metrics', metrics);
  if (metrics) registerRequestMetrics(app, metrics);
  if (metrics && config.metrics.token) registerMetricsRoute(app, metrics, config.metrics.token);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
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

  // Accounts. The session plugin runs before every route, so each one sees request.user, and it
  // refuses cross-site state changes (CSRF); it must be registered before any route.
  const mailer = deps.mailer ?? createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.idle();
    mailer.close();
  });
  // The composition root: every repository is built once over the database, every service from one deps
  // object with the same clock.
  const { db } = database;
  // SHOP_CLOCK exists only on test servers (config.ts refuses it otherwise); a test's own `now` wins.
  const shopClock = !deps.now && config.env === 'test' && config.shopClockStart ? createShopClock(config.shopClockStart) : null;
  const now = deps.now ?? shopClock?.now ?? (() => new Date());
  if (shopClock) await app.register(testClockRoutes, { prefix: '/api/v1', clock: shopClock });
  const userRepository = createUserRepository(db);
  const sessionRepository = createSessionRepository(db);
  const passwordResetRepository = createPasswordResetRepository(db);
  // With several processes, a catalogue write anywhere drops every process's cached menu answers.
  const productRepository = createProductRepository(
    db,
    deps.redis ? await broadcastCatalogueVersion(db, deps.redis, app.log) : undefined,
  );
  const cartRepository = createCartRepository(db);
  const orderRepository = createOrderRepository(db);

  const sessions = createSessionService({ sessionRepository, policy: config.sessions, now });
  await registerSessions(app, { sessions, config });
  const users = createUserService({ userRepository, uploadsDir: config.uploadsDir, now });
  const auth = createAuthService({
    db,
    users,
    userRepository,
    sessionRepository,
    passwordResetRepository,
    sessions,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    now,
  });
  // Added after the mailer's: onClose hooks run last-added first, so reset links still being prepared are
  // handed to the mailer before it closes.
  app.addHook('onClose', () => auth.idle());
  // Forgot-password requests are queued and sent from here, on the worker's own clock, never on a request's
  // (modules/auth: the reset queue). From ready (server.ts has migrated by then) to close.
  let stopResetWorker: (() => void) | undefined;
  app.addHook('onReady', (done) => {
    stopResetWorker = auth.startResetWorker(RESET_QUEUE_INTERVAL_MS);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    stopResetWorker?.();
    done();
  });
  // Before the routes that name their limits in `config.rateLimit`.
  await registerRateLimits(app, { redis: deps.redis?.client });
  await app.register(authRoutes, { prefix: '/api/v1', auth, users, limits: config.rateLimits });
  // "Login with Google" (OpenID Connect); answers "not set up" while OIDC_ISSUER is empty.
  const oidc = createOidcService({
    settings: config.oidc,
    users,
    sessions,
    identityRepository: createIdentityRepository(db),
    mailer,
    now,
  });
  await app.register(oidcRoutes, { prefix: '/api/v1', oidc, config });
  configureImageDecoding({ concurrency: config.imageDecodeConcurrency });
  // Picture uploads are counted per account, since decoding them is what costs; staff setting up a menu need
  // more than a customer changing a profile photo, so the two have their own counts.
  const pictureLimit = (what: string, max: number) => ({ what, max, windowMs: config.rateLimits.pictureUploadWindowMs });
  const photoUploads = createAttemptLimit(app, 'photo-uploads-by-account', pictureLimit('photo uploads', config.rateLimits.photoUploadsPerAccount));
  const productPictureUploads = createAttemptLimit(
    app,
    'product-picture-uploads-by-account',
    pictureLimit('picture uploads', config.rateLimits.productPictureUploadsPerAccount),
  );
  await app.register(userRoutes, { prefix: '/api/v1', users, photoUploads });

  const pictures = createProductPictures({ uploadsDir: config.uploadsDir });
  const products = createProductService({ productRepository, pictures });
  // Product answers carry their option groups, so a group change moves the catalogue version on like a product write.
  const options = createOptionService({
    db,
    optionRepository: createOptionRepository(db),
    onCatalogueChange: () => void productRepository.catalogueVersion.bump(),
    now,
  });
  await app.register(optionRoutes, { prefix: '/api/v1', options });
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
  await app.register(productRoutes, { prefix: '/api/v1', products, menu, pictureUploads: productPictureUploads });

  const promotions = createPromotionService({
    db,
    promotionRepository: createPromotionRepository(db),
    settings: { shopTimeZone: config.orders.shopTimeZone, memberCardThresholdIdr: config.memberCardThresholdIdr },
    now,
  });
  await app.register(promotionRoutes, { prefix: '/api/v1', promotions });
  const stores = createStoreService({ storeRepository: createStoreRepository(db), settings: config.orders, now });
  const cart = createCartService({ db, cartRepository, settings: config.orders, now, promotions, stores });
  await app.register(storeRoutes, { prefix: '/api/v1', stores });
  // Live order steps (read from order_events, so every process sees every step) and the customers' order mails.
  const eventsRepository = createEventsRepository(db);
  const orderFeed = createOrderFeed({ repository: eventsRepository, log: app.log });
  app.addHook('onClose', (_app, done) => {
    orderFeed.close();
    done();
  });
  // Order steps pushed to the devices customers turned on (VAPID_*; none without the keys).
  const push = createPushService({
    pushRepository: createPushRepository(db),
    vapid: config.vapid,
    allowLocalEndpoints: config.env !== 'production',
    now,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await push.idle();
  });
  await app.register(pushRoutes, { prefix: '/api/v1', push });
  const events = createEventsService({
    eventsRepository,
    feed: orderFeed,
    mailer,
    push,
    publicUrl: config.publicUrl,
    settings: { shopTimeZone: config.orders.shopTimeZone },
    now,
    log: app.log,
  });
  // The payment gateway when MIDTRANS_* is set (decision 023); otherwise the manual providers, as before.
  const midtrans = config.midtrans;
  const payments = createPaymentService({
    repository: createPaymentRepository(db),
    gateway: midtrans
      ? {
          client: createMidtransClient({ serverKey: midtrans.serverKey, clientKey: midtrans.clientKey, apiUrl: midtrans.apiUrl, timeoutMs: 10_000 }),
          settings: { serverKey: midtrans.serverKey, clientKey: midtrans.clientKey, apiUrl: midtrans.apiUrl, expiryMinutes: midtrans.expiryMinutes },
        }
      : null,
    bankAccount: config.orders.bankAccount,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
  });
  const orders = createOrderService({
    onOrderSteps: (orderId, steps) => {
      metrics?.countOrderSteps(steps);
      void events.notifyOrderSteps(orderId, steps);
    },
    stores,
    db,
    orderRepository,
    cartRepository,
    settings: config.orders,
    now,
    cart,
    payments: payments.providers,
    gateway: payments,
    promotions,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(cartRoutes, { prefix: '/api/v1', cart });
  await app.register(orderRoutes, { prefix: '/api/v1', orders });
  await app.register(paymentNotificationRoutes, { prefix: '/api/v1', orders, payments });
  // The start-up check: a payment whose notification was lost (the process died before answering it) is asked for
  // again. In the background, so a slow gateway never holds the shop's start.
  if (midtrans) {
    app.addHook('onReady', (done) => {
      void orders
        .reconcileGatewayPayments()
        .then(({ checked }) => {
          if (checked > 0) app.log.info({ checked }, 'checked the payments still open at the gateway');
        })
        .catch((err: unknown) => app.log.error({ err }, 'start-up payment check failed'));
      done();
    });
  }
  // One shared poller (orderFeed) however many streams; the caps keep their number bounded.
  const streamCaps = createStreamCaps(config.streams);
  metricSources.streams = () => streamCaps.open();
  metricSources.refusals = () => streamCaps.refusals();
  metricSources.cache = () => products.answerCacheStats();
  metricSources.slots = () => slotFill(stores);
  await app.register(eventRoutes, { prefix: '/api/v1', events, caps: streamCaps });
  await app.register(shopRoutes, {
    prefix: '/api/v1',
    shop: createShopService({
      orders: config.orders,
      chatUrl: config.chatUrl,
      payments: { gateway: payments.gatewayName, methods: payments.checkoutMethods(), clientKey: payments.clientKey, apiUrl: payments.apiUrl },
    }),
  });
  // "Ask a Staff" without a chat link: kept for the staff orders screen and mailed to the shop.
  const questions = createQuestionService({
    questionRepository: createQuestionRepository(db),
    productName: async (id) => (await products.getProduct(String(id)).catch(() => undefined))?.name,
    mailer,
    shopEmail: config.shopEmail,
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(questionRoutes, {
    prefix: '/api/v1',
    questions,
    limit: { max: QUESTIONS_PER_ADDRESS, windowMs: config.rateLimits.windowMs },
  });

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

  const webDist = deps.webDistDir;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
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

  return app;
}
