// Writes the app icons electron-builder packs for Windows (resources/icon.ico) and macOS (resources/icon.icns)
// from the one committed master, resources/icon.png (512 x 512). Run after changing the master, then commit both:
//     node scripts/make-icons.mjs
// The same master and the same pinned sharp and icon-encoder versions give byte-identical files.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IconIcns, IconIco } from '@shockpkg/icon-encoder';
import sharp from 'sharp';

const resources = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');
const master = await readFile(join(resources, 'icon.png'));

/** The master scaled to `size` px square, as PNG (Lanczos: crisp at 16 px, no halo at 256). */
function scaled(size) {
  return sharp(master).resize(size, size, { kernel: 'lanczos3' }).png().toBuffer();
}

// Every size Windows picks from: 16 (title bar, small lists) up to 256 (large tiles, Explorer's big view).
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
const ico = new IconIco();
for (const size of ICO_SIZES) await ico.addFromPng(await scaled(size), null);
await writeFile(join(resources, 'icon.ico'), ico.encode());

// macOS's slots (iconutil's set) up to 512 px: the master has no 1024 px original, so no 512@2x (ic10).
const ICNS_SLOTS = [
  [16, 'ic04'],
  [32, 'ic05'],
  [32, 'ic11'], // 16@2x
  [64, 'ic12'], // 32@2x
  [128, 'ic07'],
  [256, 'ic13'], // 128@2x
  [256, 'ic08'],
  [512, 'ic14'], // 256@2x
  [512, 'ic09'],
];
const icns = new IconIcns();
icns.toc = true;
for (const [size, type] of ICNS_SLOTS) await icns.addFromPng(await scaled(size), [type]);
await writeFile(join(resources, 'icon.icns'), icns.encode());

console.log(`Wrote resources/icon.ico (${ICO_SIZES.join(', ')} px) and resources/icon.icns (${ICNS_SLOTS.length} images).`);
