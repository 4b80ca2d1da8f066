import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SVG_WITH_SCRIPT, solidPicture } from '../test/images.js';
import { AppError } from './errors.js';
import { removeImage, sniffImageFormat, storeImage } from './images.js';

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
    expect(err).toMatchObject({ statusCode: 400, field: 'photo', message: 'photo is an empty file' });
  });

  it('refuses a file whose first bytes say PNG but whose content is not', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')]);
    await expect(storeImage(fake, dir)).rejects.toMatchObject({ statusCode: 422, field: 'image' });
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
});
