import { useState } from 'react';
import type { Category } from '@coffee/contract';
import { cn } from '../../lib/cn';
import { ProductArt } from './product-art';

type ProductPictureProps = {
  name: string;
  category: Category;
  imageUrl: string | null;
  /** Sizing and crop (e.g. 'oval aspect-[4/5] w-full'); the picture fills it. */
  className?: string;
  loading?: 'lazy' | 'eager';
};

/**
 * A product's photo, or its drawn picture when it has none or the photo fails to load:
 * products without a picture must never vanish (design.md).
 */
export function ProductPicture({ name, category, imageUrl, className, loading = 'lazy' }: ProductPictureProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = imageUrl !== null && failedUrl !== imageUrl;
  return (
    <div className={cn('relative overflow-hidden bg-crema-soft', className)}>
      {showPhoto ? (
        <img
          src={imageUrl}
          alt={name}
          loading={loading}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailedUrl(imageUrl)}
        />
      ) : (
        <ProductArt name={name} category={category} label={name} className="absolute inset-0 size-full" />
      )}
    </div>
  );
}
