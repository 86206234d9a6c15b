// Generates the PWA icons under apps/web/public from one SVG drawing (run: node src/pwa/make-icons.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
mkdirSync(out, { recursive: true });

/** A teal tile with a white shop awning and a "D"; `pad` leaves the safe zone maskable icons need. */
function svg(size, pad = 0) {
  const s = size;
  const inner = s - pad * 2;
  const u = inner / 100;
  const x = (v) => pad + v * u;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${pad ? 0 : s * 0.2}" fill="#0b7a53"/>
  <path d="M${x(18)} ${x(22)} h${64 * u} l${8 * u} ${18 * u} h${-80 * u} z" fill="#ffffff"/>
  <path d="M${x(10)} ${x(40)} q${10 * u} ${10 * u} ${20 * u} 0 q${10 * u} ${10 * u} ${20 * u} 0 q${10 * u} ${10 * u} ${20 * u} 0 q${10 * u} ${10 * u} ${20 * u} 0" fill="none" stroke="#ffffff" stroke-width="${4 * u}"/>
  <text x="${x(50)}" y="${x(86)}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${40 * u}" fill="#ffffff" text-anchor="middle">D</text>
</svg>`;
}

for (const size of [192, 512]) {
  await sharp(Buffer.from(svg(size)))
    .png()
    .toFile(path.join(out, `pwa-${size}x${size}.png`));
}
await sharp(Buffer.from(svg(512, 64)))
  .png()
  .toFile(path.join(out, 'maskable-512x512.png'));
await sharp(Buffer.from(svg(180)))
  .png()
  .toFile(path.join(out, 'apple-touch-icon.png'));
await sharp(Buffer.from(svg(64)))
  .png()
  .toFile(path.join(out, 'favicon-64.png'));
writeFileSync(path.join(out, 'favicon.svg'), svg(64));
console.log('icons written to', out);
