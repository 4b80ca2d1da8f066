import { useState } from 'react';
import type { Category, ProductImage } from '@coffee/contract';
import { cn } from '../../lib/cn';

/**
 * How wide each place draws a picture, in CSS pixels, for the browser to pick the narrowest of the picture's widths
 * (`srcset`) that is sharp there. Cards and the product page crop the picture to a 4:5 box (object-cover), so a square
 * picture is drawn 1.25 times the box's width: the sizes say that width, not the box's.
 * - card: 78% of a menu grid card: 2 columns on phones, 3 from 640px (beside the promo panel from 1024px), 4 from 1280px;
 * - page: the product page's picture, 14rem wide, 18rem from 640px;
 * - thumbnail: a round picture in the cart, order history or an order summary, 5rem at most.
 */
export const PICTURE_SIZES = {
  card: '(min-width: 1280px) 155px, (min-width: 1024px) calc(32.5vw - 182px), (min-width: 640px) calc(32.5vw - 60px), calc(48.75vw - 45px)',
  page: '(min-width: 640px) 360px, 280px',
  thumbnail: '80px',
} as const;

type ProductPictureProps = {
  name: string;
  category: Category;
  imageUrl: string | null;
  /** The picture's answer (`images[0]`): its other widths (`srcset`) and its size; without it, only `imageUrl` loads. */
  image?: Pick<ProductImage, 'srcset' | 'width' | 'height'> | undefined;
  /** Where it is shown, which says how wide it is drawn (PICTURE_SIZES); `sizes` overrides it for another place. */
  shownAs?: keyof typeof PICTURE_SIZES;
  sizes?: string;
  /** Sizing and crop (e.g. 'oval aspect-[4/5] w-full'); the picture fills it. */
  className?: string;
  loading?: 'lazy' | 'eager';
  /**
   * The picture is likely the page's largest paint (a list's first row, a product page): fetched at once and ahead of
   * the page's other pictures.
   */
  priority?: boolean;
  /** Text for the picture; defaults to the product's name. '' when the name is already written next to it. */
  alt?: string;
};

/**
 * A product's picture. The shop gives every product one (its category's default when staff add it without a
 * photo); while a picture is missing or fails to load, a plain cup or plate keeps its place, so the product
 * never vanishes from a list.
 */
export function ProductPicture({
  name,
  category,
  imageUrl,
  image,
  shownAs = 'thumbnail',
  sizes = PICTURE_SIZES[shownAs],
  className,
  loading = 'lazy',
  priority = false,
  alt = name,
}: ProductPictureProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = imageUrl !== null && failedUrl !== imageUrl;
  return (
    <div className={cn('relative overflow-hidden bg-crema-soft', className)}>
      {showPhoto ? (
        <img
          src={imageUrl}
          srcSet={image?.srcset}
          sizes={image ? sizes : undefined}
          // The box fixes the picture's place (nothing shifts as it loads); its own size is the browser's hint.
          width={image?.width ?? undefined}
          height={image?.height ?? undefined}
          alt={alt}
          loading={priority ? 'eager' : loading}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailedUrl(imageUrl)}
        />
      ) : (
        <PicturePlaceholder category={category} label={alt} className="absolute inset-0 size-full" />
      )}
    </div>
  );
}

/** A cup for drinks, a plate for food and add-ons, in the brand's brown on the picture's background. */
export function PicturePlaceholder({ category, label, className }: { category: Category | null; label: string; className?: string }) {
  const drink = category === 'coffee' || category === 'non-coffee';
  return (
    <div
      className={cn('grid place-items-center bg-crema-soft text-espresso/40', className)}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <svg viewBox="0 0 48 48" aria-hidden="true" className="size-2/5 max-h-24 max-w-24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        {drink ? (
          <>
            <path d="M10 18h24v9a12 12 0 0 1-12 12 12 12 0 0 1-12-12z" />
            <path d="M34 21h2a5 5 0 0 1 0 10h-3" />
            <path d="M17 6c-2 3 2 5 0 8M24 6c-2 3 2 5 0 8" />
          </>
        ) : (
          <>
            <ellipse cx="24" cy="27" rx="18" ry="12" />
            <ellipse cx="24" cy="27" rx="10" ry="6" />
          </>
        )}
      </svg>
    </div>
  );
}
