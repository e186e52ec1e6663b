/**
 * Backup benchmark (`npm run bench:backup`): the time and size of `npm run backup` at
 * `BENCH_COMPLAINTS` complaints (100,000 unless set; issue 33 asks for the figures there), taken
 * from the running server as an operator would, and of `npm run restore` into a fresh data
 * folder. A report: it exits 1 only when a step fails, never on a figure.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startSourceServer, waitForUp } from './bench-processes';

const COUNT = Number(process.env.BENCH_COMPLAINTS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3291);
const run = promisify(execFile);
const { server, base, dataDir, stop } = startSourceServer('bench-backup', PORT, PORT + 50_000, { ALLOW_TEST_RESET: 'true' });
const work = mkdtempSync(join(tmpdir(), 'complaint-desk-bench-backup-'));
chmodSync(work, 0o755);
const archive = join(work, 'backup.tar.gz');

async function timed(what: string, command: string, args: string[], env: Record<string, string>) {
  const started = performance.now();
  const { stdout } = await run(process.execPath, ['--import', 'tsx', command, ...args], {
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${what.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s   ${stdout.trim().split('\n').at(-1)}`);
  return seconds;
}

try {
  await waitForUp(`${base}/api/health`, () => server.exitCode !== null);
  const added = await fetch(`${base}/api/test/archive-complaints`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: COUNT }),
  });
  if (added.status !== 204) throw new Error(`adding complaints: ${added.status} ${await added.text()}`);
  console.log(`${COUNT + 64} complaints\n`);
  await timed('backup (server running)', 'server/backup-command.ts', ['--out', archive], {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(PORT + 50_000),
  });
  console.log(`${'archive size'.padEnd(28)} ${(statSync(archive).size / 1024 / 1024).toFixed(1).padStart(6)} MB`);
  await stop();
  const fresh = join(work, 'restored');
  await timed('restore (fresh data folder)', 'server/restore-command.ts', [archive], {
    DATA_DIR: fresh,
    EMBEDDED_PG_PORT: String(PORT + 50_001),
  });
} finally {
  await stop();
  rmSync(work, { recursive: true, force: true });
}
