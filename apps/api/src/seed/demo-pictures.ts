import { fileURLToPath } from 'node:url';
import type { DemoProduct } from './menu.js';

/**
 * The demo menu's pictures, drawn once by `npm run seed:pictures` and committed, so a first start only copies
 * files. The folder stays in src/: `../../src/seed/pictures/` resolves to it both from src/seed/ (tests, tsx)
 * and from the compiled dist/seed/, so the build never carries a copy of the pictures.
 */
export const DEMO_PICTURES_DIR = fileURLToPath(new URL('../../src/seed/pictures/', import.meta.url));

/** `Hazelnut Latte` -> `hazelnut-latte.webp`; `Caffè Latte` -> `caffe-latte.webp`. */
export function demoPictureName(product: Pick<DemoProduct, 'name'>): string {
  const slug = product.name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}.webp`;
}
