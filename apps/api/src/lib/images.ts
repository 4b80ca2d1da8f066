import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type sharpModule from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { MAX_IMAGE_BYTES } from '@coffee/contract';
import { AppError } from './errors.js';

/**
 * Every uploaded picture (product pictures, profile photos) goes through here. The rules:
 * - at most 5 MB as uploaded;
 * - JPEG, PNG, WebP or GIF recognised by its first bytes, never by file name or declared type
 *   (SVG can carry scripts, and sharp would happily read SVG, PDF, TIFF... if asked);
 * - at most 24 megapixels (a phone's full-size photo), checked from the header before any pixel is
 *   decoded, so a small file declaring a huge canvas (a decompression bomb) cannot exhaust memory: decoding, not
 *   the file's size, is what costs;
 * - decoded a few at a time (the decode queue below), so a burst of uploads waits its turn instead of
 *   taking every core and the memory that browsing the shop needs; past a short waiting line the upload is
 *   refused with 503 and Retry-After, so a flood cannot pile up its files in memory;
 * - re-encoded: turned upright by EXIF, fitted within 1200x1200, metadata (GPS, camera) dropped,
 *   saved as WebP under a random name, so what we serve is always an image we made;
 * - product pictures also get narrower WebP copies beside them (PICTURE_COPY_WIDTHS, `<name>.w320.webp`), so a
 *   phone showing a 150-pixel card loads a 320-pixel picture, not the 1200-pixel one (`<img srcset>`). They are
 *   made from the same decoded pixels, in the same decode slot, and written before the main file appears.
 */
export { MAX_IMAGE_BYTES };
export const MAX_INPUT_PIXELS = 24_000_000;
export const MAX_OUTPUT_SIDE = 1200;
/**
 * The widths of a product picture's narrower copies, narrowest first: a card in the menu grid is 120-240 CSS pixels
 * wide and a product page's picture about 360, so with 2x screens these cover them; the main file (up to 1200) is
 * the widest choice. A copy is never wider than the main file: a narrower picture's copy is that picture as it is.
 */
export const PICTURE_COPY_WIDTHS = [320, 640] as const;
/** Decodes running at once unless configureImageDecoding says otherwise (IMAGE_DECODE_CONCURRENCY). */
export const DEFAULT_DECODE_CONCURRENCY = 2;

/**
 * How many pictures may wait for a decode, per decode running at once. Each waiting upload holds its file in
 * memory (up to 5 MB), so the line bounds that memory per slot, and the last in line waits a few seconds whatever the
 * concurrency, which a person uploading puts up with. A longer line would only hold more memory and answer later; past it, asking to try again is the better answer.
 */
export const DECODE_WAITING_PER_SLOT = 8;
/** Seconds a refused upload is told to wait: about the time the full line of the busiest case takes to clear. */
export const DECODE_BUSY_RETRY_AFTER_SECONDS = 5;
export const DECODE_BUSY_MESSAGE = /*i18n*/ 'The shop is busy processing pictures; please try again in a moment.';

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

/** Called once at start (app.ts) with the configured limits. */
export function configureImageDecoding({ concurrency }: ImageDecodingSettings): void {
  decodes.limit = Math.max(1, Math.floor(concurrency));
}

let sharpLoaded: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on the first picture work (an upload, a missing copy, a picture whose size its header does not
 * give): libvips and its threads take memory, and a shop that only serves its menu
 * never needs them (the stored pictures' sizes come from their WebP headers, `webpSize` below).
 */
function loadSharp(): Promise<typeof sharpModule> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    // Every upload is a different picture, so cached decoded regions are never reused: they only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
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

/** The file of a picture's copy at (at most) `width` pixels wide: `3f9c...e1.webp` -> `3f9c...e1.w320.webp`. */
export function pictureCopyName(fileName: string, width: number): string {
  return `${fileName.replace(/\.webp$/i, '')}.w${width}.webp`;
}

/** True for the name of a copy (`….w320.webp`), which is never a picture of its own. */
export function isPictureCopyName(fileName: string): boolean {
  return /\.w[0-9]+\.webp$/i.test(fileName);
}

/** One picture file: its name in the directory and its size in pixels. */
export interface PictureFile {
  fileName: string;
  width: number;
  height: number;
}

export interface StoredImage extends PictureFile {
  /** Random file name inside the directory, e.g. `3f9c...e1.webp`. */
  fileName: string;
  bytes: number;
  /** The narrower copies written beside it, narrowest first; empty unless `copies` was asked for. */
  copies: PictureFile[];
}

export interface StoreImageOptions {
  /** Also write the narrower copies (PICTURE_COPY_WIDTHS): product pictures, which lists show small. */
  copies?: boolean;
}

const WEBP_QUALITY = 82;

interface Encoded {
  data: Buffer;
  width: number;
  height: number;
}

/** Decoded pixels, 8 bits a channel, in the sRGB sharp converts every output to. */
interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** The picture's own encoding, and its pixels (decoded at most once, when a copy needs them). */
interface CopySource {
  width: number;
  height: number;
  whole: () => Promise<Buffer>;
  pixels: () => Promise<Pixels>;
}

/**
 * The narrower copies of a picture, each resized from the same decoded pixels. A copy as wide as the picture or wider
 * is the picture's own encoding, so it is neither enlarged nor compressed twice.
 */
async function encodeCopies(source: CopySource, widths: readonly number[]): Promise<(Encoded & { target: number })[]> {
  return Promise.all(
    widths.map(async (target) => {
      if (target >= source.width) return { target, data: await source.whole(), width: source.width, height: source.height };
      const pixels = await source.pixels();
      const sharp = await loadSharp();
      const { data, info } = await sharp(pixels.data, { raw: pixels.info })
        .resize({ width: target })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { target, data, width: info.width, height: info.height };
    }),
  );
}

/** Decodes to 8-bit pixels (sharp turns them to sRGB), after the steps `pipeline` adds. */
async function decodePixels(pipeline: Sharp): Promise<Pixels> {
  const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * Writes every file under a temporary name, then renames them in the order given, so the static server never serves
 * half a file. If any step fails, every file this call wrote (temporary or renamed) is removed, then the error thrown.
 */
async function writeFilesSafely(files: readonly { path: string; data: Buffer }[]): Promise<void> {
  const staged = files.map((file) => ({ ...file, temp: `${file.path}.${randomBytes(4).toString('hex')}.tmp` }));
  const renamed: string[] = [];
  try {
    // allSettled, not all: every write has finished before any cleanup, so none lands after it.
    const written = await Promise.allSettled(staged.map((file) => fs.writeFile(file.temp, file.data, { flag: 'wx' })));
    const failed = written.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    for (const file of staged) {
      await fs.rename(file.temp, file.path);
      renamed.push(file.path);
    }
  } catch (err) {
    await Promise.all([...staged.map((file) => file.temp), ...renamed].map((file) => fs.rm(file, { force: true })));
    throw err;
  }
}

const unreadable = (field: string) =>
  new AppError(422, /*i18n*/ 'This file could not be read as a picture: it is damaged or incomplete. Please choose another picture.', field);

/** Checks, re-encodes and writes the picture; throws an AppError naming `field` when it is refused. */
export async function storeImage(input: Buffer, dir: string, field = 'image', options: StoreImageOptions = {}): Promise<StoredImage> {
  if (input.length === 0) throw new AppError(400, /*i18n*/ 'This file is empty. Please choose a picture.', field);
  if (input.length > MAX_IMAGE_BYTES) {
    throw new AppError(
      413,
      /*i18n*/ { id: 'This picture is too large: a picture may be at most {megabytes} MB. Please choose a smaller one.', values: { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 } },
      field,
    );
  }
  const format = sniffImageFormat(input);
  if (!format) throw new AppError(415, /*i18n*/ 'This file is not a picture we can use: please choose a JPEG, PNG, WebP or GIF picture.', field);

  const sharp = await loadSharp();
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
      /*i18n*/ {
        id: 'This picture is {width}x{height} pixels ({megapixels} megapixels); we take at most {most} megapixels. Send a smaller copy, e.g. a photo as your phone takes it or a screenshot.',
        values: { width, height, megapixels, most: MAX_INPUT_PIXELS / 1_000_000 },
      },
      field,
    );
  }

  // A full queue refuses (503) before the job runs; only a failed decode means the picture is unreadable.
  const { main, copies } = await withDecodeSlot(async () => {
    try {
      // Decoded once, to pixels already upright and fitted; the main file and each copy are encoded from them.
      const decoded = await decodePixels(
        sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true }).resize({
          width: MAX_OUTPUT_SIDE,
          height: MAX_OUTPUT_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        }),
      );
      const { width, height } = decoded.info;
      const encodedMain = sharp(decoded.data, { raw: decoded.info }).webp({ quality: WEBP_QUALITY }).toBuffer();
      const [mainData, copyFiles] = await Promise.all([
        encodedMain,
        encodeCopies({ width, height, whole: () => encodedMain, pixels: () => Promise.resolve(decoded) }, options.copies ? PICTURE_COPY_WIDTHS : []),
      ]);
      const mainFile: Encoded = { data: mainData, width, height };
      return { main: mainFile, copies: copyFiles };
    } catch {
      throw unreadable(field);
    }
  });

  await fs.mkdir(dir, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  const copyFiles = copies.map((copy) => ({ ...copy, fileName: pictureCopyName(fileName, copy.target) }));
  // The copies first: once the main file is there, so are they (the web app asks for them by the main file's answer).
  await writeFilesSafely([
    ...copyFiles.map((copy) => ({ path: path.join(dir, copy.fileName), data: copy.data })),
    { path: path.join(dir, fileName), data: main.data },
  ]);
  return {
    fileName,
    width: main.width,
    height: main.height,
    bytes: main.data.length,
    copies: copyFiles.map(({ fileName: name, width, height }) => ({ fileName: name, width, height })),
  };
}

/** The size of a stored picture and the copies of it on disk. */
export interface PictureOnDisk extends PictureFile {
  /** The copies present, narrowest first (only those of PICTURE_COPY_WIDTHS that exist). */
  copies: PictureFile[];
  /** How many copies were missing (0 when every one is there). */
  missing: number;
}

const isPlainFileName = (fileName: string) => fileName === path.basename(fileName) && !fileName.startsWith('.') && fileName.length > 0;

const isFile = (file: string) => fs.stat(file).then((s) => s.isFile(), () => false);

/**
 * A WebP file's size in pixels from its first 30 bytes (the three kinds of WebP: lossy `VP8 `, lossless `VP8L`,
 * extended `VP8X`), as sharp's metadata gives it; null for any other file, which sharp then reads. Every picture the
 * shop stores is a WebP it wrote, so reading the sizes of the menu's pictures loads no image library.
 */
export async function webpSize(file: string): Promise<{ width: number; height: number } | null> {
  const header = Buffer.alloc(30);
  const handle = await fs.open(file, 'r');
  let read: number;
  try {
    ({ bytesRead: read } = await handle.read(header, 0, header.length, 0));
  } finally {
    await handle.close();
  }
  if (read < 30 || header.toString('latin1', 0, 4) !== 'RIFF' || header.toString('latin1', 8, 12) !== 'WEBP') return null;
  const kind = header.toString('latin1', 12, 16);
  if (kind === 'VP8 ' && header[23] === 0x9d && header[24] === 0x01 && header[25] === 0x2a) {
    return { width: header.readUInt16LE(26) & 0x3fff, height: header.readUInt16LE(28) & 0x3fff };
  }
  if (kind === 'VP8L' && header[20] === 0x2f) {
    const bits = header.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (kind === 'VP8X') return { width: header.readUIntLE(24, 3) + 1, height: header.readUIntLE(27, 3) + 1 };
  return null;
}

/**
 * The size of a stored picture (read from its header, no pixels) and which of its copies are on disk. Null when the
 * file is missing, unreadable, or not a plain picture name (a copy has no copies of its own).
 */
export async function readStoredPicture(dir: string, fileName: string): Promise<PictureOnDisk | null> {
  if (!isPlainFileName(fileName) || isPictureCopyName(fileName)) return null;
  let width: number;
  let height: number;
  try {
    const size = (await webpSize(path.join(dir, fileName))) ?? (await (await loadSharp())(path.join(dir, fileName)).metadata());
    if (!size.width || !size.height) return null;
    ({ width, height } = size);
  } catch {
    return null;
  }
  const present = await Promise.all(PICTURE_COPY_WIDTHS.map((target) => isFile(path.join(dir, pictureCopyName(fileName, target)))));
  const copies = PICTURE_COPY_WIDTHS.flatMap((target, i) => {
    if (!present[i]) return [];
    // A copy is `target` wide, or the picture's own width when that is narrower; its height keeps the proportions.
    const copyWidth = Math.min(target, width);
    return [{ fileName: pictureCopyName(fileName, target), width: copyWidth, height: Math.max(1, Math.round((height * copyWidth) / width)) }];
  });
  return { fileName, width, height, copies, missing: PICTURE_COPY_WIDTHS.length - copies.length };
}

/**
 * Writes the copies a stored picture is missing (one decode in a decode slot, as an upload), for pictures stored
 * before copies existed. Answers the picture as it now is on disk; null when it cannot be read (nothing written).
 */
export async function writeMissingCopies(dir: string, fileName: string): Promise<PictureOnDisk | null> {
  const before = await readStoredPicture(dir, fileName);
  if (!before || before.missing === 0) return before;
  const have = new Set(before.copies.map((copy) => copy.fileName));
  const wanted = PICTURE_COPY_WIDTHS.filter((target) => !have.has(pictureCopyName(fileName, target)));
  const file = path.join(dir, fileName);
  const sharp = await loadSharp();
  const encoded = await withDecodeSlot(async () => {
    const original = await fs.readFile(file);
    let pixels: Promise<Pixels> | undefined;
    return encodeCopies(
      {
        width: before.width,
        height: before.height,
        // A copy as wide as the picture is the very file.
        whole: () => Promise.resolve(original),
        pixels: () => (pixels ??= decodePixels(sharp(original, { failOn: 'error' }))),
      },
      wanted,
    );
  });
  await writeFilesSafely(encoded.map((copy) => ({ path: path.join(dir, pictureCopyName(fileName, copy.target)), data: copy.data })));
  return readStoredPicture(dir, fileName);
}

/**
 * Deletes a stored picture and its copies; a missing file is fine, and a name that is not a plain file name is
 * ignored. The copies go first, so an interrupted removal never leaves copies of a picture that is gone.
 */
export async function removeImage(dir: string, fileName: string | null | undefined): Promise<void> {
  if (!fileName || !isPlainFileName(fileName)) return;
  if (!isPictureCopyName(fileName)) {
    await Promise.all(PICTURE_COPY_WIDTHS.map((target) => fs.rm(path.join(dir, pictureCopyName(fileName, target)), { force: true })));
  }
  await fs.rm(path.join(dir, fileName), { force: true });
}
