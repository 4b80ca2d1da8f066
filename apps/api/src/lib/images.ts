import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MAX_IMAGE_BYTES } from '@coffee/contract';
import { AppError } from './errors.js';

/**
 * Every uploaded picture (product pictures, profile photos) goes through here. The rules:
 * - at most 5 MB as uploaded;
 * - JPEG, PNG, WebP or GIF recognised by its first bytes, never by file name or declared type
 *   (SVG can carry scripts, and sharp would happily read SVG, PDF, TIFF... if asked);
 * - at most 24 megapixels (a phone's full-size photo), checked from the header before any pixel is
 *   decoded, so a small file declaring a huge canvas (a decompression bomb) cannot exhaust memory;
 *   decoding is what costs: a 36-megapixel PNG of 105 kB took 260-440 ms of CPU and 30 MB of memory;
 * - decoded a few at a time (the decode queue below), so a burst of uploads waits its turn instead of
 *   taking every core and the memory that browsing the shop needs; past a short waiting line the upload is
 *   refused with 503 and Retry-After, so a flood cannot pile up its files in memory;
 * - re-encoded: turned upright by EXIF, fitted within 1200x1200, metadata (GPS, camera) dropped,
 *   saved as WebP under a random name, so what we serve is always an image we made.
 */
export { MAX_IMAGE_BYTES };
export const MAX_INPUT_PIXELS = 24_000_000;
export const MAX_OUTPUT_SIDE = 1200;
/** Decodes running at once unless configureImageDecoding says otherwise (IMAGE_DECODE_CONCURRENCY). */
export const DEFAULT_DECODE_CONCURRENCY = 2;

/**
 * How many pictures may wait for a decode, per decode running at once. Each waiting upload holds its file in
 * memory (up to 5 MB), so 8 per slot bounds that at 40 MB per slot; a 24-megapixel picture takes about 0.3-0.4 s
 * to decode, so the last in line waits about 3 s whatever the concurrency, which a person uploading puts up with.
 * A longer line would only hold more memory and answer later; past it, asking to try again is the better answer.
 */
export const DECODE_WAITING_PER_SLOT = 8;
/** Seconds a refused upload is told to wait: about the time the full line of the busiest case takes to clear. */
export const DECODE_BUSY_RETRY_AFTER_SECONDS = 5;
export const DECODE_BUSY_MESSAGE = 'The shop is busy processing pictures; please try again in a moment.';

/**
 * The decode queue: at most `limit` pictures are decoded and re-encoded at once, the others wait in arrival
 * order, at most DECODE_WAITING_PER_SLOT x `limit` of them. Each decode also uses one libvips thread
 * (sharp.concurrency(1)), so N decodes keep at most N cores busy and the rest of the machine answers the
 * catalogue. The counts are read by tests and the benchmark.
 */
const decodes = { limit: DEFAULT_DECODE_CONCURRENCY, running: 0, peak: 0, refused: 0, waiting: [] as (() => void)[] };

export interface ImageDecodingSettings {
  /** How many pictures may be decoded at once, at least 1. */
  concurrency: number;
}

/** Called once at start (app.ts) with the configured limits; also turns off sharp's cache of recent operations. */
export function configureImageDecoding({ concurrency }: ImageDecodingSettings): void {
  decodes.limit = Math.max(1, Math.floor(concurrency));
  sharp.concurrency(1);
  // Every upload is a different picture, so cached decoded regions are never reused: they only hold memory.
  sharp.cache(false);
}

/**
 * What the decode queue is doing: running now, waiting now, the most ever running at once, how many may wait,
 * and how many uploads were refused because the line was full.
 */
export function imageDecodeStats(): { running: number; waiting: number; peak: number; limit: number; maxWaiting: number; refused: number } {
  return {
    running: decodes.running,
    waiting: decodes.waiting.length,
    peak: decodes.peak,
    limit: decodes.limit,
    maxWaiting: maxWaiting(),
    refused: decodes.refused,
  };
}

const maxWaiting = () => DECODE_WAITING_PER_SLOT * decodes.limit;

async function withDecodeSlot<T>(job: () => Promise<T>): Promise<T> {
  if (decodes.running >= decodes.limit) {
    if (decodes.waiting.length >= maxWaiting()) {
      decodes.refused += 1;
      // No field: nothing is wrong with the picture, the same one will do in a moment.
      throw new AppError(503, DECODE_BUSY_MESSAGE, undefined, { 'Retry-After': String(DECODE_BUSY_RETRY_AFTER_SECONDS) });
    }
    // The slot is handed over by the job that finishes (it does not decrement `running`), so no newcomer can
    // take it in between.
    await new Promise<void>((resolve) => decodes.waiting.push(resolve));
  } else {
    decodes.running += 1;
  }
  decodes.peak = Math.max(decodes.peak, decodes.running);
  try {
    return await job();
  } finally {
    const next = decodes.waiting.shift();
    if (next) next();
    else decodes.running -= 1;
  }
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** The format a file's first bytes announce, or null when it is none we take. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface StoredImage {
  /** Random file name inside the directory, e.g. `3f9c...e1.webp`. */
  fileName: string;
  width: number;
  height: number;
  bytes: number;
}

const unreadable = (field: string) =>
  new AppError(422, 'This file could not be read as a picture: it is damaged or incomplete. Please choose another picture.', field);

/** Checks, re-encodes and writes the picture; throws an AppError naming `field` when it is refused. */
export async function storeImage(input: Buffer, dir: string, field = 'image'): Promise<StoredImage> {
  if (input.length === 0) throw new AppError(400, 'This file is empty. Please choose a picture.', field);
  if (input.length > MAX_IMAGE_BYTES) {
    throw new AppError(413, `This picture is too large: a picture may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Please choose a smaller one.`, field);
  }
  const format = sniffImageFormat(input);
  if (!format) throw new AppError(415, 'This file is not a picture we can use: please choose a JPEG, PNG, WebP or GIF picture.', field);

  let metadata: Metadata;
  try {
    // Reads the header only, no pixels, so the size check below can give its own answer; sharp's
    // pixel limit stays on for the decoding step.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable(field);
  }
  if (metadata.format !== format) throw unreadable(field);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) {
    const megapixels = Math.round((width * height) / 1_000_000);
    throw new AppError(
      413,
      `This picture is ${width}x${height} pixels (${megapixels} megapixels); we take at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels. ` +
        'Send a smaller copy, e.g. a photo as your phone takes it or a screenshot.',
      field,
    );
  }

  // A full queue refuses (503) before the job runs; only a failed decode means the picture is unreadable.
  const output: { data: Buffer; info: OutputInfo } = await withDecodeSlot(async () => {
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
        .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw unreadable(field);
    }
  });

  await fs.mkdir(dir, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  const finalPath = path.join(dir, fileName);
  // Written aside then renamed, so the static server never serves half a file.
  const tempPath = `${finalPath}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tempPath, output.data, { flag: 'wx' });
    await fs.rename(tempPath, finalPath);
  } catch (err) {
    await fs.rm(tempPath, { force: true });
    throw err;
  }
  return { fileName, width: output.info.width, height: output.info.height, bytes: output.info.size };
}

/** Deletes a stored picture; a missing file is fine, and a name that is not a plain file name is ignored. */
export async function removeImage(dir: string, fileName: string | null | undefined): Promise<void> {
  if (!fileName || fileName !== path.basename(fileName) || fileName.startsWith('.')) return;
  await fs.rm(path.join(dir, fileName), { force: true });
}
