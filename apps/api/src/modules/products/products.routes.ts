import { createHash } from 'node:crypto';
import {
  NoContent,
  CATEGORIES,
  CreateProductInput,
  PRODUCT_FORM_FIELDS,
  UpdateProductInput,
  DEFAULT_PAGE_LIMIT,
  ErrorResponse,
  IdParam,
  ListProductsQuery,
  MAX_PAGE_LIMIT,
  PageMeta,
  ProductListItem,
  ProductListResponse,
  WHOLE_MENU_LIMIT,
  ProductResponse,
  type Product,
} from '@coffee/contract';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaffRight } from '../../lib/current-user.js';
import { unauthorized } from '../../lib/errors.js';
import { CompressibleBody, sendCompressible } from '../../plugins/compression.js';
import type { AttemptLimit } from '../../plugins/rate-limit.js';
import { formBody, registerUploads } from '../../plugins/uploads.js';
import type { MenuManagementService } from './menu-management.service.js';
import type { ProductPage, ProductService } from './products.service.js';

export interface ProductRoutesOptions {
  products: ProductService;
  /** Staff writes (menu-management.service.ts). */
  menu: MenuManagementService;
  /** Product picture uploads per staff account (PRODUCT_PICTURE_UPLOAD_LIMIT_PER_ACCOUNT). */
  pictureUploads: AttemptLimit;
}

const TAGS = ['Products'];
export const STAFF_ONLY_MESSAGE = /*i18n*/ 'Please sign in as staff to change the menu';

const LIST_DESCRIPTION = [
  `The whole menu (at most ${WHOLE_MENU_LIMIT} products) when neither \`page\` nor \`limit\` is given; otherwise`,
  `${DEFAULT_PAGE_LIMIT} per page by default (at most ${MAX_PAGE_LIMIT}). \`meta.total\` counts every match. Also at \`/products/\`.`,
  `- \`cat\`: one of ${CATEGORIES.join(', ')}. \`featured=true\`: favourite or promo products (the Favorite & Promo tab).`,
  '- Order without `sort`: the menu order (favourites first, then coffee, non-coffee, foods, add-ons, then by name).',
  '  `sort=name` and `sort=price` go ascending and `sort=newest` latest first unless `order=asc|desc` says otherwise; `order` alone changes nothing.',
  '- `search`: words in any order, each found in the name or description, ignoring case and accents ("caffe"), or naming',
  '  the category ("coffee", "kopi", "tea", "teh", "non-coffee", "food", "makanan", "snack", "add-on", "minuman"); a word',
  '  may be the beginning of a longer one ("hazel") and may have one wrong, missing, extra or swapped letter from 4',
  '  letters, two from 8 ("capucino"). Best matches first: the exact name, names that begin with the words, names that',
  '  hold them, names with typos, descriptions, then the category; ties follow the order above.',
  '- Each product as a list shows it (`ProductListItem`): name, prices, picture, marks; its description, sizes and option groups are in `GET /products/{id}`.',
  '- Answers carry an `ETag` and `Cache-Control: no-cache`: revalidate with `If-None-Match` to get a 304.',
].join('\n');

const WRITE_DESCRIPTION = [
  'Staff only: 401 without a session, 403 for a customer. JSON `{ name, price, category, image?, description?, sizes?,',
  'isFavorite?, isPromo?, isSoldOut? }`, where `image` is the file name of a picture already uploaded (none: the product',
  "shows its category's default picture); or",
  'multipart/form-data with the same fields and the picture file in `image`. `price` (and each size price) is',
  'thousands of rupiah, a whole number from 1 to 10000. Pictures: JPEG, PNG, WebP or GIF by content (else 415), at',
  'most 5 MB (else 413) and 24 megapixels (else 413); re-encoded to WebP within 1200x1200 without metadata. A request',
  'with a picture counts towards the account\'s picture uploads (PRODUCT_PICTURE_UPLOAD_LIMIT_PER_ACCOUNT, 60 per',
  'PICTURE_UPLOAD_WINDOW_MINUTES, 10); past that 429 with Retry-After. While the shop is busy decoding other pictures',
  '(a full waiting line) 503 with Retry-After and nothing changed: send the same request again then.',
].join('\n');

/**
 * The JSON body (UTF-8 bytes) and ETag of a cached answer, computed once per answer object. The service hands out
 * the same object until the catalogue changes, so a hot list costs a map lookup instead of a zod pass, a stringify
 * and an encode per request; the WeakMap lets a representation go when its answer leaves the service's cache.
 */
interface Representation {
  /** Its brotli and gzip copies are made once, on first demand: a hot list is compressed once, not per request. */
  body: CompressibleBody;
  etag: string;
}

function memoise(cache: WeakMap<object, Representation>, source: object, toJson: () => string): Representation {
  let representation = cache.get(source);
  if (!representation) {
    const json = toJson();
    const hash = createHash('sha1').update(json).digest('base64url');
    representation = { body: new CompressibleBody(Buffer.from(json)), etag: `W/"${hash}"` };
    cache.set(source, representation);
  }
  return representation;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/**
 * Sends already-validated JSON. Fastify sends a Buffer payload as it is, with the content type we set, and skips the
 * route's response serializer (fastify/lib/reply.js); the body was checked against the contract when memoised.
 * A Buffer rather than a string: Node then does not encode the same text again for every request.
 * Returns nothing, on purpose: the reply is sent synchronously here, and an async handler that returned the reply
 * (a thenable) would cost three more promise turns per request before Fastify saw it was done.
 */
function sendRepresentation(request: FastifyRequest, reply: FastifyReply, representation: Representation): void {
  // no-cache, not max-age: a price or sold-out change must show at once, and a 304 costs the client almost nothing.
  void reply.header('etag', representation.etag).header('cache-control', 'no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], representation.etag)) {
    void reply.code(304).send();
    return;
  }
  void reply.type('application/json; charset=utf-8');
  sendCompressible(request, reply, representation.body);
}

/** GET /products's answer for a page. parse (not a cast): strips anything the contract does not name, and fails loudly if a field is wrong. */
export const productListAnswer = (page: ProductPage) =>
  ProductListResponse.parse({ data: page.items, meta: { page: page.page, limit: page.limit, total: page.total } });
/**
 * Each list item's JSON, checked against the contract (ProductListItem.parse: unknown fields stripped, a wrong one
 * fails loudly) once per item object. A never-asked search's page is mostly items other pages already showed (the
 * service shares them), so its answer costs a join, not a zod pass over every item. Goes with its item.
 */
const itemJson = new WeakMap<object, string>();

/** GET /products's answer for a page, as JSON: the same text as JSON.stringify(productListAnswer(page)). */
export function productListJson(page: ProductPage): string {
  const items = page.items.map((item) => {
    let json = itemJson.get(item);
    if (json === undefined) {
      json = JSON.stringify(ProductListItem.parse(item));
      itemJson.set(item, json);
    }
    return json;
  });
  const meta = JSON.stringify(PageMeta.parse({ page: page.page, limit: page.limit, total: page.total }));
  return `{"data":[${items.join(',')}],"meta":${meta}}`;
}

/** GET /products/:id's answer. */
export const productAnswer = (product: Product) => ProductResponse.parse({ data: product });

export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (app, { products, menu, pictureUploads }) => {
  const listRepresentations = new WeakMap<object, Representation>();
  const productRepresentations = new WeakMap<object, Representation>();

  const productBody = productAnswer;
  const notModified = z.null().describe('No body: the ETag sent in If-None-Match is still current');

  const listSchema = {
    tags: TAGS,
    summary: 'List and search the menu',
    description: LIST_DESCRIPTION,
    querystring: ListProductsQuery,
    response: { 200: ProductListResponse, 304: notModified, 400: ErrorResponse },
  };
  const listHandler = async (request: FastifyRequest<{ Querystring: ListProductsQuery }>, reply: FastifyReply) => {
    const page = await products.listProducts(request.query);
    sendRepresentation(request, reply, memoise(listRepresentations, page, () => productListJson(page)));
  };
  // The cached answers carry their own compressed copies (sendCompressible), and a GET has no body to inflate:
  // without @fastify/compress's three hooks on the hottest routes, each answer costs less of the server.
  const ownCompression = { compress: false, decompress: false } as const;
  app.get('/products', { schema: listSchema, ...ownCompression }, listHandler);
  // Clients written for the original shop list the menu at `/products/` (to find a product's picture by id).
  app.get('/products/', { schema: { ...listSchema, hide: true }, ...ownCompression }, listHandler);

  app.get(
    '/products/:id',
    {
      ...ownCompression,
      schema: {
        tags: TAGS,
        summary: 'One product',
        description: 'A 404 for an unknown, deleted or malformed id. Same ETag and caching rules as the list.',
        params: IdParam,
        response: { 200: ProductResponse, 304: notModified, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const product = await products.getProduct(request.params.id);
      sendRepresentation(request, reply, memoise(productRepresentations, product, () => JSON.stringify(productBody(product))));
    },
  );

  // Staff writes live in their own scope with the multipart parser, so its hooks run for uploads only and not
  // for every catalogue read (see registerUploads).
  const menuWrites: FastifyPluginAsyncZod = async (writes) => {
    await registerUploads(writes);

    // Menu changes are for staff only, not for any signed-in customer. Checked in
    // onRequest, before the body is read, so a visitor's or customer's upload is never even received.
    const staffOnly = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!request.user) throw unauthorized(STAFF_ONLY_MESSAGE);
      requireStaffRight(request, 'menu');
      done();
    };
    const form = formBody({ fileField: 'image', ...PRODUCT_FORM_FIELDS });
    const writeResponses = {
      400: ErrorResponse,
      401: ErrorResponse,
      403: ErrorResponse,
      404: ErrorResponse,
      413: ErrorResponse,
      415: ErrorResponse,
      422: ErrorResponse,
      429: ErrorResponse,
      503: ErrorResponse,
    };
    /** The form's picture, once counted against the account's picture uploads: decoding is what costs. */
    const countedPicture = async (request: FastifyRequest) => {
      const picture = form.fileOf(request);
      if (picture) await pictureUploads.hit(request, String(requireStaffRight(request, 'menu').id));
      return picture;
    };

    writes.post(
      '/products',
      {
        schema: {
          tags: TAGS,
          summary: 'Add a product (staff)',
          description: WRITE_DESCRIPTION,
          consumes: ['application/json', 'multipart/form-data'],
          body: CreateProductInput,
          response: { 201: ProductResponse, ...writeResponses },
        },
        onRequest: staffOnly,
        config: { audit: 'price' },
        preValidation: form.preValidation,
      },
      async (request, reply) => {
        const product = await menu.addProduct(request.body, await countedPicture(request));
        return reply.code(201).send({ data: product });
      },
    );
    writes.patch(
      '/products/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Change a product (staff)',
          description: `${WRITE_DESCRIPTION}\n\nOnly the fields sent change. An empty or absent \`image\` keeps the picture; \`removeImage: true\` (or JSON \`image: null\`) removes it and the product shows its category's default picture.`,
          consumes: ['application/json', 'multipart/form-data'],
          params: IdParam,
          body: UpdateProductInput,
          response: { 200: ProductResponse, ...writeResponses },
        },
        onRequest: staffOnly,
        config: { audit: 'price' },
        preValidation: form.preValidation,
      },
      async (request) => ({ data: await menu.changeProduct(request.params.id, request.body, await countedPicture(request)) }),
    );
    writes.delete(
      '/products/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Remove a product from the menu (staff)',
          description: 'The product leaves the menu at once; past orders keep it (and its picture).',
          params: IdParam,
          response: { 204: NoContent, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
        },
        onRequest: staffOnly,
        config: { audit: 'price' },
      },
      async (request, reply) => {
        await menu.removeProduct(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
  await app.register(menuWrites);
};
