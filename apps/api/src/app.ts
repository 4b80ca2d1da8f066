import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
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
import { createProductService } from './modules/products/products.service.js';
import { registerErrorHandler } from './plugins/error-handler.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Built web app to serve (apps/web/dist); absent in API-only tests. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
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

  const products = createProductService(createProductRepository(database.db), { uploadsDir: config.uploadsDir });
  await app.register(productRoutes, { prefix: '/api/v1', products });

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
      setHeaders(res, filePath) {
        // Vite names assets by content hash; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
    const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'));
    // Client-side routes load the app; unknown API paths and missing files stay JSON 404s.
    app.setNotFoundHandler((request, reply) => {
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
