import { useState } from 'react';
import type { Category } from '@coffee/contract';
import { cn } from '../../lib/cn';

type ProductPictureProps = {
  name: string;
  category: Category;
  imageUrl: string | null;
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
 * A product's picture. The shop gives every product one (drawn from its name when staff add it without a
 * photo); while a picture is missing or fails to load, a plain cup or plate keeps its place, so the product
 * never vanishes from a list.
 */
export function ProductPicture({ name, category, imageUrl, className, loading = 'lazy', priority = false, alt = name }: ProductPictureProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = imageUrl !== null && failedUrl !== imageUrl;
  return (
    <div className={cn('relative overflow-hidden bg-crema-soft', className)}>
      {showPhoto ? (
        <img
          src={imageUrl}
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
