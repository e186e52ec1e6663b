/**
 * `npm run files:migrate`: copies the uploads of a folder (DATA_DIR/files unless `--from` says
 * another folder or FILES_URL) into the storage FILES_URL names (or `--to`), and checks the
 * SHA-256 of every object read back. Safe to run again: what is there already, the same, stays.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { copyStorage } from './services/copy-storage';
import { storageFromUrl } from './services/storage';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const config = loadConfig();
const fromUrl = values.from ?? `file://${config.filesDir}`;
const toUrl = values.to ?? config.FILES_URL;
if (!toUrl) {
  console.error('Name where the files go: FILES_URL=s3://bucket/prefix?endpoint=… npm run files:migrate (or --to URL).');
  process.exit(2);
}
const from = storageFromUrl(fromUrl.startsWith('/') ? `file://${fromUrl}` : fromUrl, config.filesDir);
const to = storageFromUrl(toUrl, config.filesDir);
if (from.where === to.where) {
  console.error(`The source and the destination are the same (${from.where}).`);
  process.exit(2);
}
await to.check();
console.log(`Copying the ${from.where} into the ${to.where}…`);
let shown = 0;
const report = await copyStorage(from, to, {
  onProgress: (progress) => {
    const done = progress.copied + progress.alreadyThere + progress.failed.length;
    if (done - shown >= 500) {
      shown = done;
      console.log(`  ${done} objects…`);
    }
  },
});
console.log(
  `${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.alreadyThere} already there, ${report.failed.length} failed; every copy read back and its SHA-256 checked.`,
);
for (const { key, reason } of report.failed) console.error(`  ${key}: ${reason}`);
process.exit(report.failed.length > 0 ? 1 : 0);
