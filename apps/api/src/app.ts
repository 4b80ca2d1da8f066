import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { createProductRepository } from './modules/products/products.repository.js';
import { productRoutes } from './modules/products/products.routes.js';
import { createMenuManagementService } from './modules/products/menu-management.service.js';
import { createProductService } from './modules/products/products.service.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { lazyChildLoggerFactory } from './lib/request-logger.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionRepository } from './modules/auth/sessions.repository.js';
import { createSessionService } from './modules/auth/sessions.service.js';
import { createIdentityRepository } from './modules/auth/identities.repository.js';
import { oidcRoutes } from './modules/auth/oidc.routes.js';
import { createOidcService } from './modules/auth/oidc.service.js';
import { userRoutes } from './modules/users/users.routes.js';
import { createUserService } from './modules/users/users.service.js';
import { registerSessions } from './plugins/session.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { createCartService } from './modules/cart/cart.service.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { createOrderService } from './modules/orders/orders.service.js';
import { createPaymentProviders } from './modules/payments/payment-provider.js';
import { shopRoutes } from './modules/shop/shop.routes.js';
import { createShopService } from './modules/shop/shop.service.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Built web app to serve (apps/web/dist); absent in API-only tests. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to SMTP (SMTP_URL) or the DATA_DIR/outbox folder; see lib/mail.ts. */
  mailer?: Mailer;
  /** The clock of the order rules (delivery hours, timestamps); tests pin it. Defaults to the real time. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mailer (password resets, account notices, order confirmations). */
    mailer: Mailer;
  }
}

export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** Builds the whole app (API, docs, uploads, web app) and never listens: server.ts does that. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Behind a reverse proxy the client address matters for rate limits; direct by default.
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // request.log's pino child is made only when a request logs something (lib/request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Pictures are fetched by our own pages only; the default same-origin policy is right.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Coffee Shop API',
        version: '1.0.0',
        description:
          'Every success answers `{ data }` (lists add `meta`), every error `{ message, field? }`. Prices are thousands of rupiah in `price` and whole rupiah in `priceIdr`.',
      },
    },
    transform: jsonSchemaTransform,
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
  const sessions = createSessionService(createSessionRepository(database.db), config.sessions);
  await registerSessions(app, { sessions, config });
  const users = createUserService(database.db, { uploadsDir: config.uploadsDir });
  const auth = createAuthService({
    db: database.db,
    users,
    sessions,
    mailer,
    publicUrl: config.publicUrl,
    limits: config.rateLimits,
  });
  await app.register(authRoutes, { prefix: '/api/v1', auth, users });
  // "Login with Google" (OpenID Connect); answers "not set up" while OIDC_ISSUER is empty.
  const oidc = createOidcService({
    settings: config.oidc,
    users,
    sessions,
    identities: createIdentityRepository(database.db),
    mailer,
  });
  await app.register(oidcRoutes, { prefix: '/api/v1', oidc, config });
  await app.register(userRoutes, { prefix: '/api/v1', users });

  const productRepository = createProductRepository(database.db);
  const products = createProductService(productRepository, { uploadsDir: config.uploadsDir });
  const menu = createMenuManagementService({ products, repo: productRepository, uploadsDir: config.uploadsDir });
  await app.register(productRoutes, { prefix: '/api/v1', products, menu });

  const now = deps.now ?? (() => new Date());
  const cart = createCartService({ db: database.db, settings: config.orders, now });
  const orders = createOrderService({
    db: database.db,
    settings: config.orders,
    now,
    cart,
    payments: createPaymentProviders({ bankAccount: config.orders.bankAccount }),
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(cartRoutes, { prefix: '/api/v1', cart });
  await app.register(orderRoutes, { prefix: '/api/v1', orders });
  await app.register(shopRoutes, {
    prefix: '/api/v1',
    shop: createShopService({ orders: config.orders, chatUrl: config.chatUrl }),
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
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // @fastify/static 10 passes the Fastify reply here, not the raw response.
      setHeaders(reply, filePath) {
        // Vite names assets by content hash; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          void reply.header('Cache-Control', 'no-cache');
        }
      },
    });
    const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'));
    // Client-side routes load the app; unknown API paths and missing files stay JSON 404s. A catch-all GET
    // route rather than a second not-found handler: the error handler already owns that one, and Fastify
    // refuses to start with two.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/');
      const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
      if (request.method === 'GET' && !isApi && !looksLikeFile) {
        return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
      }
      return reply.code(404).send({ message: `No route for ${request.method} ${pathname}` });
    });
  }

  return app;
}
