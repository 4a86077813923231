// Draws the site's bitmap icons from src/web/public/favicon.svg (run again after changing it):
// favicon.ico (16, 32 and 48 px, for browsers and tools that ask for /favicon.ico) and
// apple-touch-icon.png (180 px, full-bleed: iOS rounds the corners itself and shows transparency as black).
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const dir = 'src/web/public';
const svg = readFileSync(`${dir}/favicon.svg`, 'utf8');

/** An ICO file holding PNG images (supported by every browser since Windows Vista's format). */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt8(0, at + 2);
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const sizes = [16, 32, 48];
const pngs = await Promise.all(
  sizes.map(async (size) => ({ size, data: await sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size).png().toBuffer() })),
);
writeFileSync(`${dir}/favicon.ico`, ico(pngs));

// The same mark on a square, with room around it.
const square = svg.replace(/<rect [^>]*rx="8"[^>]*\/>/, '<rect width="32" height="32" fill="#4f46e5"/>').replace('<g ', '<g transform="translate(3.2 3.2) scale(0.8)" ').replace('<path fill="#fff"', '<path transform="translate(3.2 3.2) scale(0.8)" fill="#fff"');
await sharp(Buffer.from(square), { density: (72 * 180) / 32 }).resize(180, 180).flatten({ background: '#4f46e5' }).png().toFile(`${dir}/apple-touch-icon.png`);
console.log(`wrote ${dir}/favicon.ico and ${dir}/apple-touch-icon.png`);
