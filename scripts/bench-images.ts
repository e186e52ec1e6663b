/**
 * Image benchmark (`npm run bench:images`): what a History detail with ten phone photos costs
 * the browser. Starts the server on a fresh embedded database, uploads ten 4000×3000 JPEGs of
 * about 5 MB (made here with sharp: detail at every scale and sensor grain, so they weigh and
 * shrink like photos, with GPS in their EXIF), registers a complaint with them, then adds up
 * the bytes of the images the detail shows: the originals, as the thumbnails were drawn before
 * the server made copies, against the thumb copies now; and one enlarged image, the original
 * against the display copy. A report: it exits 1 only when a call fails.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { MAX_FILE_BYTES } from '../contract/account-rules';
import { MAX_ATTACHMENTS } from '../contract/complaint-rules';
import { DEMO_PASSWORD, demoAccounts, ORGANIZATION_ID } from '../fixtures';
import { startSourceServer, waitForUp } from './bench-processes';

const PORT = Number(process.env.BENCH_PORT ?? 3311);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54371);
const { server, base, stop } = startSourceServer('bench-images', PORT, PG_PORT);

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

const [WIDTH, HEIGHT] = [4000, 3000];

/** Random colours at 1/`scale` of the size, smoothly enlarged: detail of that scale. */
async function detail(scale: number) {
  const [w, h] = [Math.ceil(WIDTH / scale), Math.ceil(HEIGHT / scale)];
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
}

/** A phone photo: at the best JPEG quality that stays within the upload limit, as a phone would. */
async function phonePhoto() {
  const [coarse, middle, fine] = await Promise.all([detail(400), detail(40), detail(4)]);
  const grain = randomBytes(WIDTH * HEIGHT * 3);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 0.55 * coarse[i]! + 0.25 * middle[i]! + 0.12 * fine[i]! + 0.08 * grain[i]!;
  for (let quality = 95; quality > 50; quality -= 1) {
    const jpeg = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '101/1 41/1 0/1' },
      })
      .toBuffer();
    if (jpeg.length <= MAX_FILE_BYTES) return jpeg;
  }
  throw new Error('no photo within the upload limit');
}

async function bytesOf(address: string) {
  const res = await fetch(`${base}${address}`);
  if (!res.ok) throw new Error(`${address}: ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2).padStart(7)} MB`;
const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KB`;

try {
  const photos = [];
  for (let i = 0; i < MAX_ATTACHMENTS; i++) photos.push(await phonePhoto());
  await waitForUp(`${base}/api/health`, () => server.exitCode !== null);
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccounts.officer.email, password: DEMO_PASSWORD }),
  });
  const token = `Bearer ${((await signIn.json()) as { data: { token: string } }).data.token}`;

  const fileIds: string[] = [];
  const uploadMs: number[] = [];
  for (const [i, photo] of photos.entries()) {
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), `IMG_${i}.jpg`);
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/files`, { method: 'POST', headers: { authorization: token }, body: form });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    uploadMs.push(performance.now() - started);
    fileIds.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  const created = await call('POST', 'complaints', token, {
    typeOfOffenceId: 2,
    dateOfMisconduct: new Date(Date.now() - 3_600_000).toISOString(),
    description: 'Ten phone photos of construction debris beside the Jalan Ipoh drain.',
    organizationId: ORGANIZATION_ID.alamBersih,
    contractId: 1,
    offender: 'Lorry WXY 1234',
    location: 'Jalan Ipoh, Sentul',
    qty: 3,
    attachmentFileIds: fileIds,
  });
  // The addresses exactly as the History detail receives them.
  const { data: complaint } = await call('GET', `complaints/${String(created.data.id)}`, token);
  const addresses = (complaint.complaintAttachments as { file: string }[]).map((a) => a.file);

  const originals = await Promise.all(addresses.map((a) => bytesOf(a)));
  const thumbs = await Promise.all(addresses.map((a) => bytesOf(`${a}&variant=thumb`)));
  const [original, display] = [originals[0]!, await bytesOf(`${addresses[0]}&variant=display`)];
  const total = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
  const median = [...uploadMs].sort((a, b) => a - b)[Math.floor(uploadMs.length / 2)]!;

  console.log(
    `${addresses.length} photos of ${WIDTH}×${HEIGHT}, ${mb(Math.min(...originals)).trim()} to ${mb(Math.max(...originals)).trim()} each; upload with decoding and copies: median ${median.toFixed(0)} ms\n`,
  );
  console.log(`${''.padEnd(36)}      before        after`);
  console.log(
    `${'History detail, its images'.padEnd(36)} ${mb(total(originals))}   ${kb(total(thumbs))}  (${(total(originals) / total(thumbs)).toFixed(0)}× less)`,
  );
  console.log(
    `${'one image enlarged in the modal'.padEnd(36)} ${mb(original)}   ${kb(display)}  (${(original / display).toFixed(0)}× less)`,
  );
  // Before, the modal showed the very file its thumbnail had fetched: the browser's cache had it.
  console.log(
    `${'the detail, then one image enlarged'.padEnd(36)} ${mb(total(originals))}   ${kb(total(thumbs) + display)}  (${(total(originals) / (total(thumbs) + display)).toFixed(0)}× less)`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stop();
}
