import { LRUCache } from 'lru-cache';
import { imageDecodeStats, readStoredPicture, writeMissingCopies, type PictureOnDisk } from '../../lib/images.js';
import { UPLOADS_URL_PREFIX } from './products.repository.js';

/** What a product answer says of one picture beside its address: the `srcset` and the main file's size. */
export interface PictureSizing {
  srcset: string;
  width: number | null;
  height: number | null;
}

const addressOf = (fileName: string) => UPLOADS_URL_PREFIX + encodeURIComponent(fileName);

/**
 * The picture's files for `<img srcset>`, narrowest first, each with its real width: `….w320.webp 320w, ….webp 640w`.
 * A copy as wide as the picture itself (a picture narrower than the copy's width) is left out: two choices of the
 * same width are one too many. Without its size (a file missing from disk), just the address: one choice.
 */
export function pictureSizing(fileName: string, picture: PictureOnDisk | undefined): PictureSizing {
  if (!picture) return { srcset: addressOf(fileName), width: null, height: null };
  const narrower = picture.copies.filter((copy) => copy.width < picture.width);
  const srcset = [...narrower, picture].map((file) => `${addressOf(file.fileName)} ${file.width}w`).join(', ');
  return { srcset, width: picture.width, height: picture.height };
}

/** Counts of a pass over the pictures in use (the start-up check). */
export interface CopiesReport {
  /** Pictures looked at. */
  pictures: number;
  /** Copies written because they were missing. */
  written: number;
  /** Pictures whose copies could not be written (a missing or damaged file): they show without copies. */
  failed: string[];
}

/**
 * The product pictures' sizes and copies, read from the uploads folder. Sizes are kept in memory once a picture has
 * all its copies: a stored file never changes (names are random and never reused), and reading it from disk means
 * every process sharing the folder agrees without being told.
 */
export function createProductPictures({ uploadsDir, maxKnown = 20_000 }: { uploadsDir: string; maxKnown?: number }) {
  // Bounded (about 200 bytes a picture): past it the least recently shown are read from disk again when next shown.
  const complete = new LRUCache<string, PictureOnDisk>({ max: maxKnown });

  async function read(fileName: string): Promise<PictureOnDisk | undefined> {
    const cached = complete.get(fileName);
    if (cached) return cached;
    const found = await readStoredPicture(uploadsDir, fileName);
    if (!found) return undefined;
    // A picture still missing copies is read again next time: the start-up check may write them meanwhile.
    if (found.missing === 0) complete.set(fileName, found);
    return found;
  }

  return {
    /** The sizes of these pictures, by file name; a missing or unreadable one is absent. */
    async sizesOf(fileNames: Iterable<string>): Promise<ReadonlyMap<string, PictureOnDisk>> {
      const unique = [...new Set(fileNames)];
      const found = await Promise.all(unique.map(read));
      return new Map(unique.flatMap((name, i) => (found[i] ? [[name, found[i]] as const] : [])));
    },

    /**
     * Writes the copies these pictures are missing (pictures stored before copies existed, the demo menu's first
     * start). One picture per decode slot at a time, so the decode queue never refuses one; a picture with all its
     * copies costs two file checks and a header read, so later starts only check.
     */
    async writeMissingCopies(fileNames: Iterable<string>): Promise<CopiesReport> {
      const queue = [...new Set(fileNames)];
      const report: CopiesReport = { pictures: queue.length, written: 0, failed: [] };
      const work = async () => {
        for (let fileName = queue.shift(); fileName !== undefined; fileName = queue.shift()) {
          const before = complete.get(fileName) ?? (await readStoredPicture(uploadsDir, fileName));
          const after = before && before.missing > 0 ? await writeMissingCopies(uploadsDir, fileName).catch(() => null) : before;
          if (!after) {
            report.failed.push(fileName);
            continue;
          }
          report.written += (before?.missing ?? 0) - after.missing;
          if (after.missing === 0) complete.set(fileName, after);
        }
      };
      await Promise.all(Array.from({ length: imageDecodeStats().limit }, work));
      return report;
    },
  };
}

export type ProductPictures = ReturnType<typeof createProductPictures>;
