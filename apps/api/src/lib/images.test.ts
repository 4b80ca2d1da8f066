import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SVG_WITH_SCRIPT, pngBomb, solidPicture, whileDecoding } from '../test/images.js';
import { encodePng } from '../test/png.js';
import { AppError } from './errors.js';
import {
  configureImageDecoding,
  imageDecodeStats,
  pictureCopyName,
  readStoredPicture,
  removeImage,
  sniffImageFormat,
  storeImage,
  webpSize,
  writeMissingCopies,
} from './images.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-images-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('sniffImageFormat', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('recognises %s by its first bytes', async (format) => {
    expect(sniffImageFormat(await solidPicture(format))).toBe(format);
  });

  it.each([
    ['SVG', SVG_WITH_SCRIPT],
    ['text', Buffer.from('hello')],
    ['an empty file', Buffer.alloc(0)],
    ['a RIFF that is not WebP (WAV)', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
    ['PDF', Buffer.from('%PDF-1.7\n')],
  ])('refuses %s', (_, bytes) => {
    expect(sniffImageFormat(bytes)).toBeNull();
  });
});

describe('storeImage', () => {
  it('turns a photo upright by its EXIF orientation and drops its metadata (camera, GPS)', async () => {
    // 300x100 pixels stored with orientation 6: a camera held sideways, shown as 100x300.
    const photo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#6A4029' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const stored = await storeImage(photo, dir);
    const written = fs.readFileSync(path.join(dir, stored.fileName));
    const meta = await sharp(written).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 100, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(written.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('never enlarges a small picture, and names every file differently', async () => {
    const picture = await solidPicture('gif', 40, 30);
    const a = await storeImage(picture, dir);
    const b = await storeImage(picture, dir);
    expect([a.width, a.height]).toEqual([40, 30]);
    expect(a.fileName).not.toBe(b.fileName);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses an empty file with 400, naming the field', async () => {
    const err = await storeImage(Buffer.alloc(0), dir, 'photo').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 400, field: 'photo', message: 'This file is empty. Please choose a picture.' });
  });

  it('refuses a file whose first bytes say PNG but whose content is not', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')]);
    await expect(storeImage(fake, dir)).rejects.toMatchObject({ statusCode: 422, field: 'image' });
  });
});

/** A flat RGB PNG: tiny on disk (70 kB at 24 megapixels), as costly to decode as any photo of its size. */
const flatPng = (width: number, height: number) =>
  encodePng({ width, height, bitDepth: 8, colourType: 'rgb', rows: Buffer.alloc((1 + width * 3) * height) }, { level: 9 });

describe('the pixel budget and the decode queue', () => {
  it('refuses a 36-megapixel picture from its header, saying what to send instead', async () => {
    const picture = pngBomb(6000, 6000);
    expect(picture.length).toBeLessThan(200 * 1024);
    await expect(storeImage(picture, dir, 'photo')).rejects.toMatchObject({
      statusCode: 413,
      field: 'photo',
      message:
        'This picture is 6000x6000 pixels (36 megapixels); we take at most 24 megapixels. Send a smaller copy, e.g. a photo as your phone takes it or a screenshot.',
    });
  });

  it('takes a full-size 24-megapixel phone photo', async () => {
    const stored = await storeImage(flatPng(6000, 4000), dir);
    expect([stored.width, stored.height]).toEqual([1200, 800]);
  });

  it('decodes at most N pictures at once; the others wait their turn and all are stored', async () => {
    configureImageDecoding({ concurrency: 2 });
    const picture = flatPng(2000, 2000);
    const { result: stored, mostRunning, mostWaiting } = await whileDecoding(() => Promise.all(Array.from({ length: 6 }, () => storeImage(picture, dir))));

    expect(new Set(stored.map((s) => s.fileName)).size).toBe(6);
    expect(mostRunning).toBe(2);
    expect(mostWaiting).toBeGreaterThanOrEqual(1);
    expect(imageDecodeStats()).toMatchObject({ running: 0, waiting: 0, limit: 2 });
    expect(imageDecodeStats().peak).toBeLessThanOrEqual(2);
  });

  it('keeps memory bounded during a burst of large pictures', async () => {
    configureImageDecoding({ concurrency: 2 });
    const picture = flatPng(4800, 5000); // 24 MP: 72 MB of pixels once decoded
    await storeImage(picture, dir); // warm up sharp, so its own start-up is not counted
    const before = process.memoryUsage().rss;
    let most = before;
    const sampler = setInterval(() => {
      most = Math.max(most, process.memoryUsage().rss);
    }, 5);
    try {
      await Promise.all(Array.from({ length: 8 }, () => storeImage(picture, dir)));
    } finally {
      clearInterval(sampler);
    }
    // Far more memory than two decodes at a time need, far less than eight at once would: generous, for a busy machine.
    expect(most - before).toBeLessThan(400 * 1024 * 1024);
  }, 60_000);
});

/** Format, width and height of a file as sharp reads it back. */
const sizeOnDisk = async (folder: string, fileName: string) => {
  const meta = await sharp(path.join(folder, fileName)).metadata();
  return [meta.format, meta.width, meta.height];
};

describe('the narrower copies of a product picture', () => {
  it('writes a 320- and a 640-pixel-wide WebP copy beside the picture, from the same upright picture', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'copies-'));
    // 2000x1500 stored with orientation 6: shown as 1500x2000, fitted to 900x1200.
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#6A4029' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const stored = await storeImage(photo, folder, 'image', { copies: true });

    expect(await sizeOnDisk(folder, stored.fileName)).toEqual(['webp', 900, 1200]);
    const hex = stored.fileName.replace(/\.webp$/, '');
    expect(await sizeOnDisk(folder, `${hex}.w320.webp`)).toEqual(['webp', 320, 427]);
    expect(await sizeOnDisk(folder, `${hex}.w640.webp`)).toEqual(['webp', 640, 853]);
    expect(stored.copies).toEqual([
      { fileName: `${hex}.w320.webp`, width: 320, height: 427 },
      { fileName: `${hex}.w640.webp`, width: 640, height: 853 },
    ]);
    expect(fs.readdirSync(folder).sort()).toEqual([stored.fileName, `${hex}.w320.webp`, `${hex}.w640.webp`].sort());
  });

  it('never makes a copy wider than the picture: a narrower picture is its own copy', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'copies-'));
    const small = await storeImage(await solidPicture('png', 500, 400), folder, 'image', { copies: true });
    expect(await sizeOnDisk(folder, pictureCopyName(small.fileName, 320))).toEqual(['webp', 320, 256]);
    expect(await sizeOnDisk(folder, pictureCopyName(small.fileName, 640))).toEqual(['webp', 500, 400]);
    expect(fs.readFileSync(path.join(folder, pictureCopyName(small.fileName, 640)))).toEqual(fs.readFileSync(path.join(folder, small.fileName)));

    // A tall strip is fitted to 120x1200 by its height: its copies are 120 wide too, not 320.
    const strip = await storeImage(await solidPicture('png', 300, 3000), folder, 'image', { copies: true });
    expect(await sizeOnDisk(folder, strip.fileName)).toEqual(['webp', 120, 1200]);
    expect(await sizeOnDisk(folder, pictureCopyName(strip.fileName, 320))).toEqual(['webp', 120, 1200]);
  });

  it('writes no copy unless asked (profile photos)', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'copies-'));
    const stored = await storeImage(await solidPicture('jpeg', 800, 600), folder, 'photo');
    expect(stored.copies).toEqual([]);
    expect(fs.readdirSync(folder)).toEqual([stored.fileName]);
  });

  it('leaves no file at all when the picture cannot be stored', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'copies-'));
    const truncated = (await solidPicture('png', 900, 900)).subarray(0, 300);
    await expect(storeImage(truncated, folder, 'image', { copies: true })).rejects.toMatchObject({ statusCode: 422 });
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('writes the copies a picture stored without them is missing, once', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'copies-'));
    const older = await storeImage(await solidPicture('png', 1000, 800), folder);
    expect(await readStoredPicture(folder, older.fileName)).toMatchObject({ width: 1000, height: 800, copies: [], missing: 2 });

    const after = await writeMissingCopies(folder, older.fileName);

    expect(after).toMatchObject({ width: 1000, height: 800, missing: 0 });
    expect(after?.copies.map((copy) => [copy.fileName, copy.width, copy.height])).toEqual([
      [pictureCopyName(older.fileName, 320), 320, 256],
      [pictureCopyName(older.fileName, 640), 640, 512],
    ]);
    expect(await sizeOnDisk(folder, pictureCopyName(older.fileName, 320))).toEqual(['webp', 320, 256]);
    expect(await sizeOnDisk(folder, pictureCopyName(older.fileName, 640))).toEqual(['webp', 640, 512]);

    // Once there, they are kept as they are.
    const written = fs.statSync(path.join(folder, pictureCopyName(older.fileName, 320))).mtimeMs;
    await writeMissingCopies(folder, older.fileName);
    expect(fs.statSync(path.join(folder, pictureCopyName(older.fileName, 320))).mtimeMs).toBe(written);
  });

  it('leaves none of the copies it wrote when one of them cannot be written', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'copies-'));
    const older = await storeImage(await solidPicture('png', 1000, 800), folder);
    // A folder where the 640 copy goes: its rename fails after the 320 copy is in place.
    fs.mkdirSync(path.join(folder, pictureCopyName(older.fileName, 640), 'taken'), { recursive: true });

    await expect(writeMissingCopies(folder, older.fileName)).rejects.toThrow();

    expect(fs.readdirSync(folder).sort()).toEqual([older.fileName, pictureCopyName(older.fileName, 640)].sort());
  });
});

describe('webpSize', () => {
  it('reads the size of lossy, lossless and extended WebP files as sharp does, and nothing from other files', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'sizes-'));
    const opaque = { width: 1001, height: 603, channels: 3 as const, background: '#7a4a2a' };
    const files = {
      lossy: await sharp({ create: opaque }).webp().toBuffer(),
      lossless: await sharp({ create: opaque }).webp({ lossless: true }).toBuffer(),
      // A picture with transparency is written as the extended kind (VP8X, with an alpha chunk).
      extended: await sharp({ create: { ...opaque, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).webp().toBuffer(),
    };
    for (const [kind, bytes] of Object.entries(files)) {
      const file = path.join(folder, `${kind}.webp`);
      fs.writeFileSync(file, bytes);
      expect(bytes.toString('latin1', 12, 16)).toBe({ lossy: 'VP8 ', lossless: 'VP8L', extended: 'VP8X' }[kind]);
      expect(await webpSize(file)).toEqual({ width: 1001, height: 603 });
    }
    const png = path.join(folder, 'picture.png');
    fs.writeFileSync(png, await solidPicture('png', 40, 30));
    expect(await webpSize(png)).toBeNull();
    expect(await readStoredPicture(folder, 'picture.png')).toMatchObject({ width: 40, height: 30 });
  });
});

describe('removeImage', () => {
  it('deletes a stored file and ignores names that are not plain file names', async () => {
    const stored = await storeImage(await solidPicture('png'), dir);
    const outside = path.join(path.dirname(dir), `${path.basename(dir)}-keep.txt`);
    fs.writeFileSync(outside, 'keep me');
    try {
      await removeImage(dir, `../${path.basename(outside)}`);
      expect(fs.existsSync(outside)).toBe(true);
      await removeImage(dir, stored.fileName);
      expect(fs.existsSync(path.join(dir, stored.fileName))).toBe(false);
      await removeImage(dir, stored.fileName); // already gone: fine
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });

  it('deletes the narrower copies with the picture', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'remove-'));
    const stored = await storeImage(await solidPicture('png', 900, 700), folder, 'image', { copies: true });
    expect(fs.readdirSync(folder)).toHaveLength(3);

    await removeImage(folder, stored.fileName);

    expect(fs.readdirSync(folder)).toEqual([]);
  });
});
