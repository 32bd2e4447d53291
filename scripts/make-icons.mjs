// Draws the Partsdesk app icons (a white gear on the theme colour) and writes them as PNGs using
// only node:zlib, so the icons are reproducible without an image package. Run after changing the
// theme colour: `node scripts/make-icons.mjs`. The PNGs are committed; the build only copies them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const THEME = [0x1d, 0x35, 0x57]; // keep equal to theme_color in manifest.webmanifest
const FG = [0xff, 0xff, 0xff];
const ACCENT = [0xf4, 0xa2, 0x61];
const SUPERSAMPLE = 4;

const outDir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'public', 'icons');

const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Which colour covers point (x, y) of the unit square, or null for transparent. */
function shape(x, y, { maskable }) {
  const cx = x - 0.5;
  const cy = y - 0.5;
  // Maskable icons are cropped to a circle of 80% diameter: full bleed background, smaller mark.
  const scale = maskable ? 0.62 : 0.8;
  if (!maskable) {
    const r = 0.18; // rounded square background
    const ax = Math.max(Math.abs(cx) - (0.5 - r), 0);
    const ay = Math.max(Math.abs(cy) - (0.5 - r), 0);
    if (ax * ax + ay * ay > r * r) return null;
  }
  const d = Math.hypot(cx, cy) / scale;
  const angle = Math.atan2(cy, cx);
  const teeth = 8;
  const turns = (angle / (2 * Math.PI)) * teeth;
  const phase = ((turns % 1) + 1) % 1;
  const toothOuter = phase > 0.25 && phase < 0.75 ? 0.46 : 0.36;
  if (d < 0.13) return ACCENT; // hub
  if (d < 0.2) return THEME; // hole around the hub
  if (d < toothOuter) return FG;
  return THEME;
}

function render(size, opts) {
  const rgba = Buffer.alloc(size * size * 4);
  const n = SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = shape((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, opts);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        rgba[o] = Math.round(r / a);
        rgba[o + 1] = Math.round(g / a);
        rgba[o + 2] = Math.round(b / a);
      }
      rgba[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return encodePng(size, rgba);
}

fs.mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, { maskable: false }],
  ['icon-512.png', 512, { maskable: false }],
  ['icon-512-maskable.png', 512, { maskable: true }],
];
for (const [name, size, opts] of icons) {
  fs.writeFileSync(path.join(outDir, name), render(size, opts));
  console.log(`wrote public/icons/${name}`);
}
