// Draws the home-screen icons (public/icons/*.png) from the shop's own SVGs (src/assets/app-icon*.svg) with sharp.
// Run by hand after changing an icon SVG (`node apps/web/scripts/draw-icons.mjs`); the PNGs are committed, so a build
// needs no image tooling. The sizes are those browsers ask for: 192 and 512 (Chrome's install), 180 (iOS home screen),
// and the maskable pair (Android's adaptive icons).
import path from 'node:path';
import sharp from 'sharp';

const webDir = path.resolve(import.meta.dirname, '..');
const out = path.join(webDir, 'public', 'icons');
const icons = [
  { svg: 'app-icon.svg', file: 'icon-192.png', size: 192 },
  { svg: 'app-icon.svg', file: 'icon-512.png', size: 512 },
  { svg: 'app-icon.svg', file: 'apple-touch-icon.png', size: 180 },
  { svg: 'app-icon-maskable.svg', file: 'maskable-192.png', size: 192 },
  { svg: 'app-icon-maskable.svg', file: 'maskable-512.png', size: 512 },
];
for (const { svg, file, size } of icons) {
  await sharp(path.join(webDir, 'src', 'assets', svg), { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  console.log(`drew public/icons/${file} (${size}x${size})`);
}
