import sharp from 'sharp';
import { imageDecodeStats } from '../lib/images.js';
import { encodePng } from './png.js';

/** A small real picture of one colour, in any format we accept. */
export async function solidPicture(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width = 64,
  height = 48,
  colour = '#6A4029',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A decompression bomb: a valid PNG of one colour that is tens of kilobytes on disk and `width` x
 * `height` pixels once decoded (20000x20000 is 400 megapixels, over a gigabyte of RGB). Built by hand
 * as a 1-bit greyscale image because encoding that many pixels through sharp takes over ten seconds.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + all-black pixels
  return encodePng({ width, height, bitDepth: 1, colourType: 'greyscale', rows }, { level: 1 });
}

/** An SVG that would run a script if served as-is. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10" fill="red"/></svg>',
);

/** A multipart/form-data body for `app.inject`: text fields plus at most one file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; filename: string; contentType: string; content: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----coffee${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Runs `burst` while sampling the decode queue at every turn of the event loop (no timing involved): its result, and
 * the most decodes running and waiting at once during it.
 */
export async function whileDecoding<T>(burst: () => Promise<T>): Promise<{ result: T; mostRunning: number; mostWaiting: number }> {
  let done = false;
  let mostRunning = 0;
  let mostWaiting = 0;
  const watch = (async () => {
    while (!done) {
      const stats = imageDecodeStats();
      mostRunning = Math.max(mostRunning, stats.running);
      mostWaiting = Math.max(mostWaiting, stats.waiting);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const result = await burst().finally(() => {
    done = true;
  });
  await watch;
  return { result, mostRunning, mostWaiting };
}
