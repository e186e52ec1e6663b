/**
 * API benchmark (`npm run bench:api`): the notification poll and the complaint history with
 * limit=1000 against the real server on a fresh embedded database (BENCH_WORKERS=n runs it as
 * `WORKERS=n npm start`), beside two ceilings in a process of their own: a bare Fastify route,
 * and a route that runs one trivial prepared query on the same PostgreSQL. The history is also
 * measured while 100 pollers run. Loopback only, fixed durations; it is a report, so a missed
 * target still exits 0, but any error or non-2xx answer makes the numbers meaningless and exits 1.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no types and @types/autocannon is not a dependency
import untypedAutocannon from 'autocannon';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { cpuMs, postgresBelow, rssMb, waitForUp, workersOf } from './bench-processes';
import { startArgs } from './start-command';

type Run = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
const autocannon = untypedAutocannon as (o: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  connectionRate?: number;
}) => Promise<Run>;

// Away from the dev server (3000/54329) and test-all (3217/54347), so they can run alongside.
const PORT = Number(process.env.BENCH_PORT ?? 3261);
const BARE_PORT = PORT + 1;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54361);
const [CONNECTIONS, POLLERS, DURATION_S, WARMUP_S] = [10, 100, 10, 2];
/**
 * Each poller beside the history readers asks 4 times a second, 240 times the SPA's rate (once a
 * minute): a poller waits between polls, unlike a load generator that asks again the moment it
 * is answered (which the plain poll rows measure).
 */
const POLLS_PER_SECOND = 4;
const TARGET = { pollShareOfBare: 0.25, pollShareOfOneQuery: 0.7, historyP99Ms: 100, rssMb: 250 };
/** BENCH_WORKERS=2 measures the server as `WORKERS=2 npm start` runs it. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const root = fileURLToPath(new URL('..', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), 'complaint-desk-bench-'));
// Embedded PostgreSQL drops to its own user when run as root and must reach its data dir.
chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];
let serverPid: number | null = null;

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** The bytes an answer takes on the wire, as sent (no decompression), and its encoding. */
function wireBytes(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
    }).on('error', reject);
  });
}

/** The server's PostgreSQL: the postmaster it started and the backends below it. */
const postgresPids = postgresBelow;

/** The API processes: the server itself, or with WORKERS its cluster's workers (node children). */
function apiPids(pid: number): number[] {
  // The ceilings' process, or the server without workers: just itself.
  if (WORKERS === 1 || pid !== serverPid) return [pid];
  return workersOf(pid);
}

/**
 * CPU per request of the API processes and of their PostgreSQL: on a shared machine the rates
 * swing with the neighbours' load, while the work one request costs barely moves.
 */
function cpuMeter(serverPid: number | null) {
  if (!serverPid) return () => ({ server: null, postgres: null });
  const pgPids = postgresPids(serverPid);
  const api = apiPids(serverPid);
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuMs(pid), 0);
  const sample = () => ({ server: sum(api), postgres: sum(pgPids) });
  const start = sample();
  return (requests: number) => {
    const end = sample();
    // A backend that ended meanwhile (autovacuum, a closed connection) takes its CPU time with
    // it: the sum can then drop, and the figure is unknown rather than negative.
    const postgres = pgPids.length && end.postgres >= start.postgres ? (end.postgres - start.postgres) / requests : null;
    return { server: (end.server - start.server) / requests, postgres };
  };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  rss: number | null;
  cpu: { server: number | null; postgres: number | null };
}

interface Load {
  url: string;
  headers: Record<string, string>;
  connections: number;
  connectionRate?: number;
}

/**
 * Runs `url` for DURATION_S after a warm-up and reports it; `alongside` runs meanwhile (e.g. the
 * hundred pollers under the history readers) and only counts towards validity. The peak RSS is
 * that of the largest API process.
 */
async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  pid: number | null,
  withRss = true,
  alongside?: Load,
): Promise<Row> {
  const opts = { url, connections: CONNECTIONS, headers };
  const background = (duration: number) => (alongside ? autocannon({ ...alongside, duration }) : Promise.resolve(null));
  // The warm-up lets V8 optimise and PostgreSQL cache plans; its result only guards validity.
  const [warm, warmBackground] = await Promise.all([autocannon({ ...opts, duration: WARMUP_S }), background(WARMUP_S)]);
  let peak = 0;
  const pids = pid && withRss ? apiPids(pid) : [];
  const sampler = pids.length ? setInterval(() => (peak = Math.max(peak, ...pids.map(rssMb))), 250) : null;
  const cpuPerRequest = cpuMeter(pid);
  try {
    const [r, behind] = await Promise.all([autocannon({ ...opts, duration: DURATION_S }), background(DURATION_S)]);
    const failed = (run: Run | null) => (run ? run.errors + run.timeouts + run.non2xx : 0);
    const errors = r.errors + r.timeouts + warm.errors + warm.timeouts + failed(behind) + failed(warmBackground);
    const cpu = cpuPerRequest(Math.max(1, r.requests.total + (behind?.requests.total ?? 0)));
    return {
      name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx + warm.non2xx,
      errors,
      rss: sampler ? peak : null,
      cpu,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

async function stop(child: ChildProcess, pid = child.pid) {
  if (exited(child)) return;
  const done = new Promise((r) => child.once('exit', r));
  const send = (p: number | undefined, s: NodeJS.Signals) => {
    try {
      if (p) process.kill(p, s);
    } catch {
      /* already gone */
    }
  };
  // The real server first, so it stops its PostgreSQL itself rather than trusting npx to forward.
  send(pid, 'SIGTERM');
  const timer = setTimeout(() => [pid, child.pid].forEach((p) => send(p, 'SIGKILL')), 30_000);
  await done;
  clearTimeout(timer);
}

let cleaned: Promise<void> | null = null;
const cleanup = () =>
  (cleaned ??= (async () => {
    await Promise.allSettled(children.map((c, i) => stop(c, i === 0 ? (serverPid ?? c.pid) : c.pid)));
    rmSync(dataDir, { recursive: true, force: true });
  })());
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

async function main(): Promise<boolean> {
  const base = `http://127.0.0.1:${PORT}`;
  // The server as `npm start` runs it: the bundle in plain node, which holds the app's heap.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  const server = spawn(process.execPath, startArgs(root), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(PG_PORT),
      LOG_LEVEL: 'warn',
      SPA_DIR: join(dataDir, 'no-spa'),
      WORKERS: String(WORKERS),
    },
  });
  children.push(server);
  await waitForUp(`${base}/api/health`, () => exited(server));
  serverPid = server.pid ?? null;

  // The ceilings, in a process of their own like the server, so they pay the same loopback and
  // scheduling costs: a bare route, and a route that runs one trivial prepared query on the
  // server's own PostgreSQL through a pool like the server's (the limit of any database call).
  const database = `postgres://postgres:${encodeURIComponent(readFileSync(join(dataDir, 'pg-password'), 'utf8').trim())}@127.0.0.1:${PG_PORT}/complaint_desk`;
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `
    const app = require('fastify')();
    const pool = new (require('pg').Pool)({ connectionString: process.env.BENCH_DATABASE, max: 10 });
    app.get('/bare', async () => ({ status: 'ok' }));
    app.get('/one-query', async () => {
      const { rows } = await pool.query({ name: 'one', text: 'select 1 as one' });
      return { status: rows[0].one === 1 ? 'ok' : 'wrong' };
    });
    app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' }).catch((e) => { console.error(e); process.exit(1); });
    process.on('SIGTERM', () => app.close().then(() => pool.end()).then(() => process.exit(0)));
  `,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, BENCH_DATABASE: database } },
  );
  children.push(bare);
  await waitForUp(`http://127.0.0.1:${BARE_PORT}/one-query`, () => exited(bare));

  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccounts.officer.email, password: DEMO_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { data } = (await signIn.json()) as { data: { token: string } };
  // As the SPA sends them (SPEC §7): a JSON content type on every call, GETs included.
  const headers = { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' };

  const pollUrl = `${base}/api/v1/notifications?limit=1000&isRead=2`;
  const historyUrl = `${base}/api/v1/complaints?history=true&limit=1000`;
  // How much a page weighs matters to the numbers; a 403 here would turn the whole run into errors.
  const brotli = { ...headers, 'accept-encoding': 'br, gzip' };
  for (const [name, url] of [
    ['poll', pollUrl],
    ['history', historyUrl],
  ] as const) {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${name}: ${res.status} ${body}`);
    const { items } = (JSON.parse(body) as { data: { items: unknown[] } }).data;
    const wire = await wireBytes(url, brotli);
    console.log(
      `${name}: ${items.length} rows, ${(body.length / 1024).toFixed(1)} kB per response, ${(wire.bytes / 1024).toFixed(1)} kB on the wire as ${wire.encoding}`,
    );
  }
  const idleRss = serverPid ? Math.max(...apiPids(serverPid).map(rssMb)) : null;

  const pollers: Load = { url: pollUrl, headers, connections: POLLERS, connectionRate: POLLS_PER_SECOND };
  const results = [
    await measure('bare Fastify GET /bare', `http://127.0.0.1:${BARE_PORT}/bare`, {}, bare.pid ?? null, false),
    await measure('one prepared query GET /one-query', `http://127.0.0.1:${BARE_PORT}/one-query`, {}, bare.pid ?? null, false),
    await measure('notification poll', pollUrl, headers, serverPid),
    await measure('complaint history limit=1000', historyUrl, headers, serverPid),
    await measure(`history limit=1000 beside ${POLLERS} pollers`, historyUrl, headers, serverPid, true, pollers),
    // As a browser asks: accept-encoding br (server/plugins/compression.ts).
    await measure('notification poll, br', pollUrl, brotli, serverPid),
    await measure(`history limit=1000, br, beside ${POLLERS} pollers`, historyUrl, brotli, serverPid, true, {
      ...pollers,
      headers: brotli,
    }),
  ];
  const [bareRow, oneQuery, poll, history, historyLoaded, pollBr, historyLoadedBr] = results as [Row, Row, Row, Row, Row, Row, Row];

  const cols = ['name', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'peak RSS MB', 'CPU ms/req', 'PG CPU ms/req'];
  const ms = (value: number | null) => (value === null ? '-' : value.toFixed(3));
  const cells = results.map((r) => [
    r.name,
    r.rps.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.non2xx),
    String(r.errors),
    r.rss === null ? '-' : r.rss.toFixed(0),
    ms(r.cpu.server),
    ms(r.cpu.postgres),
  ]);
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(
    `\n${WORKERS} API process${WORKERS > 1 ? 'es' : ''}; ${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, 127.0.0.1; beside: ${POLLERS} pollers asking ${POLLS_PER_SECOND}× a second each`,
  );
  console.log(line(cols));
  for (const row of cells) console.log(line(row));
  console.log(
    'CPU ms/req: user + system time of the API processes (PG: of its PostgreSQL) per answer, pollers beside included; steadier than req/s beside busy neighbours',
  );

  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const peakRss = Math.max(...results.map((r) => r.rss ?? 0));
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log('\ntargets');
  for (const [name, row] of [
    ['poll', poll],
    ['poll, br', pollBr],
  ] as const) {
    console.log(
      `  ${verdict(row.rps / bareRow.rps >= TARGET.pollShareOfBare)}  ${name} rate ${pct(row.rps / bareRow.rps)} of the bare route (>= ${pct(TARGET.pollShareOfBare)})`,
    );
    console.log(
      `  ${verdict(row.rps / oneQuery.rps >= TARGET.pollShareOfOneQuery)}  ${name} rate ${pct(row.rps / oneQuery.rps)} of the one-query route (>= ${pct(TARGET.pollShareOfOneQuery)})`,
    );
  }
  console.log(
    `  ${verdict(historyLoaded.p99 <= TARGET.historyP99Ms)}  history p99 ${historyLoaded.p99} ms beside ${POLLERS} pollers (<= ${TARGET.historyP99Ms} ms); alone ${history.p99} ms`,
  );
  console.log(
    `  ${verdict(historyLoadedBr.p99 <= TARGET.historyP99Ms)}  history p99 compressed ${historyLoadedBr.p99} ms beside ${POLLERS} pollers (<= ${TARGET.historyP99Ms} ms)`,
  );
  console.log(
    serverPid
      ? `  ${verdict(peakRss <= TARGET.rssMb)}  peak RSS ${peakRss.toFixed(0)} MB under load (largest API process), ${idleRss!.toFixed(0)} MB idle (<= ${TARGET.rssMb} MB, PostgreSQL apart)`
      : '  ????  server RSS not measured',
  );

  const invalid = results.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (invalid.length) console.error(`\nINVALID: errors or non-2xx answers in ${invalid.map((r) => r.name).join(', ')}`);
  return invalid.length === 0;
}

let valid = false;
try {
  valid = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanup();
}
process.exit(valid ? 0 : 1);
