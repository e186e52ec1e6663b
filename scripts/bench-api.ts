/**
 * API benchmark (`npm run bench:api`): the notification poll and the complaint history with
 * limit=1000 against the real server on a fresh embedded database, beside a bare Fastify route
 * in its own process as the ceiling, and the CPU each answer costs. Loopback only, fixed
 * durations; it is a report, so a missed target still exits 0, but any error or non-2xx answer
 * makes the numbers meaningless and exits 1.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no types and @types/autocannon is not a dependency
import untypedAutocannon from 'autocannon';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';

type Run = { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
const autocannon = untypedAutocannon as (o: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<Run>;

// Away from the dev server (3000/54329) and test-all (3217/54347), so they can run alongside.
const PORT = Number(process.env.BENCH_PORT ?? 3261);
const BARE_PORT = PORT + 1;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54361);
const [CONNECTIONS, DURATION_S, WARMUP_S] = [10, 10, 2];
const TARGET = { pollShare: 0.25, historyP99Ms: 100, rssMb: 250 };
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

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (i > 600 || exited(child)) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every process: its parent and command name, from /proc/<pid>/stat. */
function processTable() {
  const table = new Map<number, { ppid: number; name: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses; the ppid follows the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      table.set(Number(entry), { ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), name });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** How many generations below `rootPid` a process is, or -1 when it is not below it. */
function depthUnder(table: ReturnType<typeof processTable>, pid: number, rootPid: number) {
  let depth = 0;
  for (let p: number | undefined = pid; p && p > 1; p = table.get(p)?.ppid, depth++) if (p === rootPid) return depth;
  return -1;
}

// 0 once the process is gone: a crashed server shows up as errors, not as a throw in a timer.
const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

const CLOCK_TICKS_PER_S = 100;

/** user + system CPU of a process in ms; 0 once it is gone. */
function cpuMs(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** The server's PostgreSQL: the postmaster it started and the backends below it. */
function postgresPids(serverPid: number): number[] {
  const table = processTable();
  return [...table].filter(([pid, { name }]) => name === 'postgres' && depthUnder(table, pid, serverPid) > 0).map(([pid]) => pid);
}

/**
 * CPU per request of the server and of its PostgreSQL: on a shared machine the rates swing with
 * the neighbours' load, while the work one request costs barely moves.
 */
function cpuMeter(serverPid: number | null) {
  if (!serverPid) return () => ({ server: null, postgres: null });
  const pgPids = postgresPids(serverPid);
  const sample = () => ({ server: cpuMs(serverPid), postgres: pgPids.reduce((sum, pid) => sum + cpuMs(pid), 0) });
  const start = sample();
  return (requests: number) => {
    const end = sample();
    const postgres = pgPids.length ? (end.postgres - start.postgres) / requests : null;
    return { server: (end.server - start.server) / requests, postgres };
  };
}

interface Row { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; rss: number | null; cpu: { server: number | null; postgres: number | null } }

async function measure(name: string, url: string, headers: Record<string, string>, pid: number | null, withRss = true): Promise<Row> {
  const opts = { url, connections: CONNECTIONS, headers };
  // The warm-up lets V8 optimise and PostgreSQL cache plans; its result only guards validity.
  const warm = await autocannon({ ...opts, duration: WARMUP_S });
  let peak = 0;
  const sampler = pid && withRss ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250) : null;
  const cpuPerRequest = cpuMeter(pid);
  try {
    const r = await autocannon({ ...opts, duration: DURATION_S });
    const errors = r.errors + r.timeouts + warm.errors + warm.timeouts;
    const cpu = cpuPerRequest(Math.max(1, r.requests.total));
    return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + warm.non2xx, errors, rss: sampler ? peak : null, cpu };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

async function stop(child: ChildProcess, pid = child.pid) {
  if (exited(child)) return;
  const done = new Promise((r) => child.once('exit', r));
  const send = (p: number | undefined, s: NodeJS.Signals) => {
    try { if (p) process.kill(p, s); } catch { /* already gone */ }
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
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PG_PORT),
      LOG_LEVEL: 'warn', SPA_DIR: join(dataDir, 'no-spa'),
    },
  });
  children.push(server);
  // Its own process, like the server, so the ceiling pays the same loopback and scheduling costs.
  const bare = spawn(process.execPath, ['-e', `
    const app = require('fastify')();
    app.get('/bare', async () => ({ status: 'ok' }));
    app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' }).catch((e) => { console.error(e); process.exit(1); });
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  `], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(bare);

  await waitFor(`${base}/api/health`, server);
  await waitFor(`http://127.0.0.1:${BARE_PORT}/bare`, bare);
  serverPid = server.pid ?? null;

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
  for (const [name, url] of [['poll', pollUrl], ['history', historyUrl]] as const) {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${name}: ${res.status} ${body}`);
    const { items } = (JSON.parse(body) as { data: { items: unknown[] } }).data;
    const wire = await wireBytes(url, brotli);
    console.log(`${name}: ${items.length} rows, ${(body.length / 1024).toFixed(1)} kB per response, ${(wire.bytes / 1024).toFixed(1)} kB on the wire as ${wire.encoding}`);
  }
  const idleRss = serverPid ? rssMb(serverPid) : null;

  const results = [
    await measure('bare Fastify GET /bare', `http://127.0.0.1:${BARE_PORT}/bare`, {}, bare.pid ?? null, false),
    await measure('notification poll', pollUrl, headers, serverPid),
    await measure('complaint history limit=1000', historyUrl, headers, serverPid),
    // As a browser asks: accept-encoding br (Brotli quality 4 above 1 KB, server/plugins/compression.ts).
    await measure('notification poll, br', pollUrl, brotli, serverPid),
    await measure('complaint history limit=1000, br', historyUrl, brotli, serverPid),
  ];
  const [bareRow, poll, history, pollBr, historyBr] = results as [Row, Row, Row, Row, Row];

  const cols = ['name', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'peak RSS MB', 'CPU ms/req', 'PG CPU ms/req'];
  const ms = (value: number | null) => (value === null ? '-' : value.toFixed(3));
  const cells = results.map((r) => [
    r.name, r.rps.toFixed(0), String(r.p50), String(r.p99), String(r.non2xx), String(r.errors),
    r.rss === null ? '-' : r.rss.toFixed(0), ms(r.cpu.server), ms(r.cpu.postgres),
  ]);
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, 127.0.0.1`);
  console.log(line(cols));
  for (const row of cells) console.log(line(row));
  console.log('CPU ms/req: user + system time of the process (PG: of its PostgreSQL) per answer; steadier than req/s beside busy neighbours');

  const share = poll.rps / bareRow.rps;
  const peakRss = Math.max(poll.rss ?? 0, history.rss ?? 0);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log('\ntargets');
  console.log(`  ${verdict(share >= TARGET.pollShare)}  poll rate ${(share * 100).toFixed(1)} % of the bare route (>= ${TARGET.pollShare * 100} %)`);
  console.log(`  ${verdict(history.p99 <= TARGET.historyP99Ms)}  history p99 ${history.p99} ms (<= ${TARGET.historyP99Ms} ms)`);
  console.log(`  ${verdict(pollBr.rps / bareRow.rps >= TARGET.pollShare)}  poll rate compressed ${((pollBr.rps / bareRow.rps) * 100).toFixed(1)} % of the bare route; CPU per poll ${pollBr.cpu.server?.toFixed(3) ?? '-'} ms compressed, ${poll.cpu.server?.toFixed(3) ?? '-'} ms plain`);
  console.log(`  ${verdict(historyBr.p99 <= TARGET.historyP99Ms)}  history p99 compressed ${historyBr.p99} ms (<= ${TARGET.historyP99Ms} ms)`);
  console.log(serverPid
    ? `  ${verdict(peakRss <= TARGET.rssMb)}  server peak RSS ${peakRss.toFixed(0)} MB under load, ${idleRss!.toFixed(0)} MB idle (<= ${TARGET.rssMb} MB, PostgreSQL apart)`
    : '  ????  server RSS not measured');

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
