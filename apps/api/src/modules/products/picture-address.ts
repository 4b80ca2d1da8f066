// Where product pictures are served, and the picture file names a product row lists.

/** Where a stored picture is served (app.ts registers the static route). */
export const UPLOADS_URL_PREFIX = '/uploads/images/';

/** The address of a product's first picture, from its `images` column; null when it has none. */
export function imageUrlOf(imagesJson: string): string | null {
  const first = parseImages(imagesJson)[0];
  return first === undefined ? null : UPLOADS_URL_PREFIX + encodeURIComponent(first);
}

/** The picture file names of a product row's `images` column. */
export function parseImages(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
  } catch {
    // A damaged cell must not take the whole menu down; the product shows without a picture.
    return [];
  }
}
