/**
 * The installed app's icons (issue 47), drawn from public/favicon.svg's mark: PNGs at the sizes
 * phones and desktops ask for, and a maskable one with the mark inside the safe zone (the
 * middle 80 %). Run once when the mark changes: `node scripts/make-app-icons.mjs`.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const mark = (size, inset) => {
  const scale = (size * (1 - 2 * inset)) / 32;
  const offset = size * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  ${inset === 0 ? `<rect width="${size}" height="${size}" rx="${(size * 7) / 32}" fill="#4c6ef5"/>` : `<rect width="${size}" height="${size}" fill="#4c6ef5"/>`}
  <path transform="translate(${offset} ${offset}) scale(${scale})" d="M9 9h14v10H15l-6 5z" fill="#fff"/>
</svg>`;
};

mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(mark(size, 0)))
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/app-${size}.png`);
}
await sharp(Buffer.from(mark(512, 0.1)))
  .png({ compressionLevel: 9 })
  .toFile('public/icons/app-maskable-512.png');
await sharp(Buffer.from(mark(180, 0.08)))
  .png({ compressionLevel: 9 })
  .toFile('public/icons/apple-touch-icon.png');
