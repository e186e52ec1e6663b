#!/usr/bin/env node
// Writes the fixture pictures into public/fixtures/images: site photos, the officer's avatar
// and the sidebar group icons. Pure Node (zlib) so it runs on a fresh clone with no packages,
// and deterministic so re-running it leaves git clean. Keep the counts in step with
// fixtures/images.ts and fixtures/menus.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'fixtures', 'images');

// --- PNG encoding -------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** Filters one scanline all five ways and keeps the smallest (the usual PNG heuristic). */
function filterRow(row, prev, bpp) {
  let best = null;
  let bestScore = Infinity;
  for (let type = 0; type <= 4; type++) {
    const out = Buffer.alloc(row.length + 1);
    out[0] = type;
    let score = 0;
    for (let i = 0; i < row.length; i++) {
      const a = i >= bpp ? row[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type];
      const value = (row[i] - predictor) & 0xff;
      out[i + 1] = value;
      score += value < 128 ? value : 256 - value;
    }
    if (score < bestScore) [best, bestScore] = [out, score];
  }
  return best;
}

function encodePng({ width, height, channels, pixels }) {
  const stride = width * channels;
  const rows = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = Buffer.from(pixels.subarray(y * stride, (y + 1) * stride));
    rows.push(filterRow(row, prev, channels));
    prev = row;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = channels === 4 ? 6 : 2; // RGBA or RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- Drawing ------------------------------------------------------------------------------

function createCanvas(width, height, channels) {
  const pixels = new Uint8Array(width * height * channels);
  const set = (x, y, [r, g, b, a = 255]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * channels;
    pixels.set(channels === 4 ? [r, g, b, a] : [r, g, b], i);
  };
  const paint = (inside, color) => {
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (inside(x, y)) set(x, y, color(x, y));
  };
  return {
    width,
    height,
    channels,
    pixels,
    shade: (color) => paint(() => true, color),
    rect: (x0, y0, w, h, color) =>
      paint(
        (x, y) => x >= x0 && x < x0 + w && y >= y0 && y < y0 + h,
        () => color,
      ),
    ellipse: (cx, cy, rx, ry, color) =>
      paint(
        (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1,
        () => color,
      ),
  };
}

const mix = (from, to, t) => from.map((v, i) => Math.round(v + (to[i] - v) * t));

/** Seven-segment digit so each site photo is recognisable in a screenshot or a test trace. */
function drawDigit(canvas, digit, x0, y0, size, color) {
  const segments = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];
  const t = Math.max(2, Math.round(size / 5));
  const bars = {
    a: [x0, y0, size, t],
    b: [x0 + size - t, y0, t, size],
    c: [x0 + size - t, y0 + size, t, size],
    d: [x0, y0 + 2 * size - t, size, t],
    e: [x0, y0 + size, t, size],
    f: [x0, y0, t, size],
    g: [x0, y0 + size - t / 2, size, t],
  };
  for (const name of segments[digit]) canvas.rect(...bars[name].map(Math.round), color);
}

// --- Pictures -----------------------------------------------------------------------------

const SITE_SCENES = [
  {
    skyTop: [96, 160, 230],
    skyBottom: [200, 225, 250],
    ground: [120, 110, 95],
    far: [160, 150, 130],
    prop: 'bin',
  },
  {
    skyTop: [250, 170, 90],
    skyBottom: [255, 225, 170],
    ground: [90, 90, 100],
    far: [140, 140, 150],
    prop: 'bags',
  },
  {
    skyTop: [120, 130, 150],
    skyBottom: [190, 195, 205],
    ground: [70, 110, 70],
    far: [120, 160, 110],
    prop: 'lorry',
  },
  {
    skyTop: [60, 90, 170],
    skyBottom: [150, 190, 240],
    ground: [150, 120, 80],
    far: [200, 170, 120],
    prop: 'tree',
  },
  {
    skyTop: [150, 200, 240],
    skyBottom: [235, 245, 255],
    ground: [100, 100, 100],
    far: [170, 170, 165],
    prop: 'lorry',
  },
  {
    skyTop: [180, 120, 170],
    skyBottom: [245, 200, 200],
    ground: [110, 85, 60],
    far: [170, 135, 100],
    prop: 'bin',
  },
  {
    skyTop: [40, 60, 110],
    skyBottom: [110, 130, 180],
    ground: [60, 70, 60],
    far: [100, 115, 100],
    prop: 'bags',
  },
  {
    skyTop: [110, 190, 200],
    skyBottom: [210, 240, 235],
    ground: [130, 140, 90],
    far: [180, 190, 140],
    prop: 'tree',
  },
];

const PROPS = {
  bin(c) {
    c.rect(250, 230, 140, 170, [30, 120, 60]);
    c.rect(240, 215, 160, 22, [20, 90, 45]);
    c.ellipse(280, 405, 18, 18, [30, 30, 30]);
    c.ellipse(360, 405, 18, 18, [30, 30, 30]);
  },
  bags(c) {
    c.ellipse(260, 380, 70, 50, [40, 40, 45]);
    c.ellipse(350, 370, 60, 55, [70, 70, 80]);
    c.ellipse(310, 330, 55, 45, [30, 30, 35]);
    c.ellipse(420, 395, 45, 30, [200, 200, 60]);
  },
  lorry(c) {
    c.rect(140, 230, 260, 150, [235, 235, 225]);
    c.rect(400, 270, 110, 110, [200, 60, 50]);
    c.rect(420, 285, 70, 45, [170, 210, 230]);
    for (const x of [190, 330, 460]) c.ellipse(x, 385, 32, 32, [25, 25, 25]);
  },
  tree(c) {
    c.ellipse(520, 90, 45, 45, [255, 235, 120]);
    c.rect(170, 250, 26, 150, [100, 70, 40]);
    c.ellipse(183, 220, 80, 70, [40, 120, 50]);
    c.rect(330, 340, 120, 50, [150, 110, 70]);
  },
};

function sitePhoto(n) {
  const scene = SITE_SCENES[n - 1];
  const c = createCanvas(640, 480, 3);
  const horizon = 220 + n * 8;
  c.shade((x, y) =>
    y < horizon
      ? mix(scene.skyTop, scene.skyBottom, y / horizon)
      : mix(scene.far, scene.ground, (y - horizon + x / 8) / (480 - horizon + 80)),
  );
  PROPS[scene.prop](c);
  c.rect(16, 16, 56, 88, [255, 255, 255]);
  drawDigit(c, n, 28, 28, 32, [20, 20, 20]);
  return c;
}

function officerAvatar() {
  const c = createCanvas(128, 128, 4);
  c.ellipse(63.5, 63.5, 64, 64, [34, 139, 130]);
  c.ellipse(64, 128, 46, 34, [30, 60, 110]); // shoulders
  c.ellipse(64, 56, 30, 34, [80, 40, 90]); // headscarf
  c.ellipse(64, 60, 20, 23, [222, 180, 140]); // face
  c.ellipse(56, 57, 3, 3, [40, 30, 30]);
  c.ellipse(72, 57, 3, 3, [40, 30, 30]);
  c.rect(58, 70, 12, 3, [170, 90, 90]);
  return c;
}

const ICONS = {
  users(c, ink) {
    c.ellipse(8, 8, 3.5, 3.5, ink);
    c.ellipse(8, 18, 6, 4.5, ink);
    c.ellipse(16.5, 7, 3.5, 3.5, ink);
    c.ellipse(17, 17, 6, 4.5, ink);
  },
  contracts(c, ink) {
    c.rect(5, 2, 14, 20, ink);
    for (const y of [6, 10, 14]) c.rect(8, y, 8, 2, [255, 255, 255, 255]);
    c.rect(8, 18, 5, 2, [255, 255, 255, 255]);
  },
  complaints(c, ink) {
    c.ellipse(12, 10, 10, 8, ink);
    c.rect(6, 15, 4, 6, ink);
    c.rect(11, 4, 2, 8, [255, 255, 255, 255]);
    c.rect(11, 14, 2, 2, [255, 255, 255, 255]);
  },
  invoicing(c, ink) {
    c.rect(5, 2, 14, 18, ink);
    for (let x = 5; x < 19; x += 4) c.rect(x, 20, 2, 2, ink);
    c.rect(8, 6, 8, 2, [255, 255, 255, 255]);
    c.rect(8, 10, 8, 2, [255, 255, 255, 255]);
    c.rect(11, 14, 5, 2, [255, 255, 255, 255]);
  },
  design(c, ink) {
    // A painter's palette: a disc with three colour wells.
    c.ellipse(12, 12, 10, 9, ink);
    c.ellipse(8, 8, 2, 2, [255, 212, 59, 255]);
    c.ellipse(14, 7, 2, 2, [64, 192, 87, 255]);
    c.ellipse(17, 12, 2, 2, [34, 139, 230, 255]);
    c.ellipse(9, 15, 2.5, 2.5, [255, 255, 255, 255]);
  },
};

const ICON_INK = {
  users: [51, 102, 204],
  contracts: [112, 72, 232],
  complaints: [214, 51, 108],
  invoicing: [47, 158, 68],
  design: [232, 89, 12],
};

function groupIcon(name) {
  const c = createCanvas(24, 24, 4);
  ICONS[name](c, ICON_INK[name]);
  return c;
}

// --- Output -------------------------------------------------------------------------------

const images = [
  ...SITE_SCENES.map((_, i) => [`site-${i + 1}.png`, sitePhoto(i + 1)]),
  ['avatar-officer.png', officerAvatar()],
  ...Object.keys(ICONS).map((name) => [`icon-${name}.png`, groupIcon(name)]),
];

mkdirSync(outDir, { recursive: true });
for (const [file, canvas] of images) {
  const png = encodePng(canvas);
  writeFileSync(join(outDir, file), png);
  console.log(`${file.padEnd(20)} ${canvas.width}x${canvas.height} ${png.length} bytes`);
}
