import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_TYPES = { greyscale: 0, rgb: 2 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type RawImage = {
  width: number;
  height: number;
  bitDepth: 1 | 8;
  colourType: keyof typeof COLOUR_TYPES;
  /** The scanlines as the PNG format lays them out: each one its filter byte, then its pixels. */
  rows: Buffer;
};

/**
 * A PNG written without an image library. Shared with the e2e stories, which must not load sharp, and
 * used for pictures too large for sharp to encode quickly. `level`: zlib's, 1 for speed on large images.
 */
export function encodePng({ width, height, bitDepth, colourType, rows }: RawImage, options: { level?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = COLOUR_TYPES[colourType];
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, options)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
