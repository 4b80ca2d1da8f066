import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: the headers and the CPU would cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality for answers compressed while a client waits (per request, and a cached answer's first copy).
 * Not 11 or 9: on the shop's list answers 5 gives nearly the same bytes for a small part of the CPU, which at the
 * higher qualities was more than a never-asked search itself (decision 007).
 */
const BROTLI_QUALITY = 5;

/**
 * Compresses every answer of at least 1 KB that the client accepts compressed (brotli first, then gzip). Answers
 * that already carry a Content-Encoding (the precompressed web files, the cached catalogue bodies below) are left
 * as they are. Registered before the routes: the plugin adds its hook to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
}

export type Encoding = 'br' | 'gzip';

/** The best encoding the Accept-Encoding header allows among ours (brotli, then gzip), honouring `q=0`. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: Encoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (quality.get('x-gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/**
 * An answer body sent many times unchanged (a cached catalogue answer, a prerendered page): each compressed copy
 * is made once, when a client first asks for it, instead of on every request.
 */
export class CompressibleBody {
  private gzipCopy: Buffer | undefined;
  private brotliCopy: Buffer | undefined;

  /** `precompressed`: copies made at build time (the web app's pages), used as they are. */
  constructor(
    readonly raw: Buffer,
    precompressed: { br?: Buffer | undefined; gzip?: Buffer | undefined } = {},
  ) {
    this.brotliCopy = precompressed.br;
    this.gzipCopy = precompressed.gzip;
  }

  encoded(encoding: Encoding): Buffer {
    if (encoding === 'br') {
      this.brotliCopy ??= zlib.brotliCompressSync(this.raw, {
        params: {
          // Every never-asked search is a new cached answer, compressed on its first request.
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
        },
      });
      return this.brotliCopy;
    }
    this.gzipCopy ??= zlib.gzipSync(this.raw, { level: 9 });
    return this.gzipCopy;
  }
}

/**
 * Sends `body` in the encoding the client prefers, from its stored copy. The caller sets the content type.
 * Vary goes on every answer, compressed or not, so a shared cache never hands a brotli body to a client without it.
 */
export function sendCompressible(request: FastifyRequest, reply: FastifyReply, body: CompressibleBody): void {
  const vary = reply.getHeader('vary');
  void reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Encoding` : 'accept-encoding');
  const encoding = body.raw.length >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) {
    void reply.send(body.raw);
    return;
  }
  void reply.header('content-encoding', encoding).send(body.encoded(encoding));
}
