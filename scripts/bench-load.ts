/**
 * Writers under load (`npm run bench:load`, issue 17): 200 pollers, 20 history readers and 20
 * writers (officers registering with an uploaded photo, contractors justifying with one,
 * verifiers fining or waiving) for BENCH_SECONDS (60) against the server as `npm start` runs it
 * (the `dist-server/` bundle in plain node, WORKERS=BENCH_WORKERS) on a fresh embedded database.
 * Afterwards it reads the database directly: no deadlock, every complaint's status history is
 * exactly the moves the bench made and was answered 2xx for, and every move's notices exist
 * once. Any error, non-2xx answer or failed check exits 1.
 */
import { finishSignIn, Phones } from '../fixtures/phones';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { guards } from '../domain/access';
import { complaintNotices } from '../domain/complaint-notices';
import type { NoticeKind } from '../domain/complaints';
import { CONTRACTOR_ACCOUNT_TYPE } from '../domain/visibility';
import { accounts, CONTRACTOR_REPRESENTATIVE, contractOf, DEMO_PASSWORD, typeOfOffences, type FixtureAccount } from '../fixtures';
import { cpuMs, postgresBelow, rssMb, workersOf } from './bench-processes';
import { startArgs } from './start-command';

// Away from the dev server (3000/54329), test-all (3217/54347) and bench:api (3261/54361).
const PORT = Number(process.env.BENCH_PORT ?? 3271);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54375);
/** BENCH_WORKERS=2 runs the server as `WORKERS=2 npm start` does. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const POLLERS = 200;
/** Between one poller's answer and its next poll; the SPA polls every 60 s, so this is far harsher. */
const POLL_THINK_MS = 250;
const HISTORY_READERS = 20;
/** 20 writers in closed loops; contractors are spread evenly over the three contractors. */
const WRITERS = { officer: 7, contractor: 9, verifier: 4 };
const TIMEOUT_MS = 30_000;
const PHOTOS = 6;
/** A backend flushes its statistics (deadlocks among them) at most every 10 s while idle. */
const STATS_FLUSH_MS = 11_000;
const root = fileURLToPath(new URL('..', import.meta.url));
const base = `http://127.0.0.1:${PORT}`;

const dataDir = mkdtempSync(join(tmpdir(), 'complaint-desk-bench-load-'));
// Embedded PostgreSQL drops to its own user when run as root and must reach its data dir.
chmodSync(dataDir, 0o755);
let server: ChildProcess | null = null;
let client: pg.Client | null = null;

/**
 * Stops the server and removes the data dir should the bench die without its own cleanup:
 * tsx SIGKILLs it when it does not acknowledge a Ctrl-C within 60 ms, which an event loop on a
 * loaded machine easily misses. Detached, out of the terminal's reach; the bench's end (any end)
 * closes its stdin, on which it is sent the server's pid.
 */
const janitor = spawn(
  process.execPath,
  [
    '-e',
    `
  const { readFileSync, rmSync } = require('node:fs');
  const dir = process.argv[1];
  let server = 0;
  // Only the server this bench started: its environment names this data dir.
  const ours = () => { try { return server > 0 && readFileSync('/proc/' + server + '/environ', 'utf8').split('\\0').includes('DATA_DIR=' + dir); } catch { return false; } };
  process.stdin.on('data', (chunk) => { server = Number(String(chunk).trim().split('\\n').pop()); });
  process.stdin.on('end', () => {
    if (ours()) process.kill(server, 'SIGTERM');
    const since = Date.now();
    const timer = setInterval(() => {
      if (ours() && Date.now() - since < 30000) return;
      if (ours()) process.kill(server, 'SIGKILL');
      clearInterval(timer);
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    }, 200);
  });
`,
    dataDir,
  ],
  { detached: true, stdio: ['pipe', 'ignore', 'ignore'] },
);
janitor.unref();

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/* The server's processes */

/** The API processes: the server itself, or with WORKERS its cluster's workers. */
const apiPids = (serverPid: number) => (WORKERS === 1 ? [serverPid] : workersOf(serverPid));
const postgresPids = postgresBelow;
/** user + system CPU of a process in seconds; 0 once it is gone. */
const cpuS = (pid: number) => cpuMs(pid) / 1000;

/* Requests, counted per kind */

const KINDS = ['poll', 'history', 'upload', 'register', 'justify', 'verify'] as const;
type Kind = (typeof KINDS)[number];

interface Tally {
  latencies: number[];
  statuses: Map<number, number>;
  timeouts: number;
  network: number;
  samples: string[];
}
const tallies = Object.fromEntries(
  KINDS.map((k) => [k, { latencies: [], statuses: new Map(), timeouts: 0, network: 0, samples: [] }]),
) as unknown as Record<Kind, Tally>;

function sample(tally: Tally, line: string) {
  if (tally.samples.length < 5) tally.samples.push(line);
}

/**
 * One call, timed until its body is read; null unless answered 2xx (which then counts only
 * in the tally). Node's fetch keeps connections alive.
 */
async function call(kind: Kind, path: string, init: RequestInit): Promise<{ status: number; body: string } | null> {
  const tally = tallies[kind];
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = await res.text();
    tally.latencies.push(performance.now() - started);
    tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
    if (res.ok) return { status: res.status, body };
    sample(tally, `${init.method ?? 'GET'} ${path} → ${res.status} ${body.slice(0, 300)}`);
    return null;
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') tally.timeouts++;
    else tally.network++;
    sample(tally, `${init.method ?? 'GET'} ${path} → ${e.name}: ${e.message}${e.cause ? ` (${e.cause.code ?? e.cause.message})` : ''}`);
    return null;
  }
}

/* The bench's own record of the moves it made and was answered 2xx for */

interface Moved {
  from: number | null;
  to: number;
  by: number;
  text: string;
  notice: NoticeKind;
  remark: string | null;
}
const moves = new Map<number, Moved[]>();
const record = (id: number, move: Moved) => moves.set(id, [...(moves.get(id) ?? []), move]);
/** Attachments each complaint should show, by kind. */
const attached = new Map<number, { complaint: number; justification: number }>();

/** Complaints waiting for one writer; `take` answers null once the run is over. */
class WorkQueue {
  private items: number[] = [];
  private waiters: ((id: number | null) => void)[] = [];
  private closed = false;
  push(id: number) {
    const waiter = this.waiters.shift();
    if (waiter) waiter(id);
    else this.items.push(id);
  }
  take(): Promise<number | null> {
    if (this.closed) return Promise.resolve(null);
    const id = this.items.shift();
    return id !== undefined ? Promise.resolve(id) : new Promise((r) => this.waiters.push(r));
  }
  close() {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter(null);
  }
  get backlog() {
    return this.items.length;
  }
}

/* Upload images: photo-like JPEGs (smooth shapes, sensor noise), made once */

async function photo(seed: number): Promise<Buffer> {
  let state = (seed * 2654435761) >>> 0;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const [width, height] = [1280, 960];
  const coarse = Buffer.alloc(40 * 30 * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = Math.floor(random() * 256);
  const smooth = await sharp(coarse, { raw: { width: 40, height: 30, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const noisy = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noisy.length; i++)
    noisy[i] = Math.max(0, Math.min(255, smooth[i]! + Math.round((random() + random() + random() - 1.5) * 16)));
  return sharp(noisy, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/* Sessions */

interface Session {
  user: FixtureAccount;
  headers: Record<string, string>;
}

/** The authenticator apps of the administrators, who enrol a second factor at their first sign-in. */
const phones = new Phones();

async function signIn(user: FixtureAccount): Promise<Session> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null, text };
  };
  const token = await finishSignIn(
    user.email,
    await post('api/v1/auth/sign-in', { email: user.email, password: DEMO_PASSWORD }),
    phones,
    post,
  );
  // As the SPA sends them (SPEC §7): a JSON content type on every call, GETs included.
  return { user, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

const jsonHeaders = (s: Session) => s.headers;
const authOnly = (s: Session) => ({ authorization: s.headers.authorization! });

async function upload(session: Session, image: Buffer): Promise<string | null> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'site.jpg');
  const res = await call('upload', '/api/v1/files', { method: 'POST', headers: authOnly(session), body: form });
  return res ? (JSON.parse(res.body) as { data: { id: string } }).data.id : null;
}

/* The run */

async function startServer() {
  // The server as `npm start` runs it: the bundle in plain node.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  const child = spawn(process.execPath, startArgs(root), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
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
  server = child;
  janitor.stdin!.write(`${child.pid}\n`);
  // Its log (pino, JSON lines) is passed on; the lines at level error or above are counted.
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      process.stderr.write(`[server] ${line}\n`);
      try {
        if (((JSON.parse(line) as { level?: number }).level ?? 0) >= 50) serverErrorLines++;
      } catch {
        // not pino's
      }
    });
  }
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (i > 600 || exited(child)) throw new Error('the server did not come up');
    await sleep(200);
  }
}
let serverErrorLines = 0;

async function main(): Promise<boolean> {
  const loadBefore = loadavg();
  const [child, photos] = await Promise.all([startServer(), Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(i + 1)))]);
  const serverPid = child.pid!;
  const kb = photos.map((p) => p.length / 1024);
  console.log(`${PHOTOS} upload photos, 1280×960 JPEG, ${Math.min(...kb).toFixed(0)}–${Math.max(...kb).toFixed(0)} KB`);

  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  client = new pg.Client({ host: '127.0.0.1', port: PG_PORT, user: 'postgres', password, database: 'complaint_desk' });
  await client.connect();
  const db = client;
  const deadlocks = async () => {
    await db.query('select pg_stat_clear_snapshot()');
    const { rows } = await db.query<{ deadlocks: string; rollbacks: string }>(
      `select deadlocks, xact_rollback as rollbacks from pg_stat_database where datname = current_database()`,
    );
    return { deadlocks: Number(rows[0]!.deadlocks), rollbacks: Number(rows[0]!.rollbacks) };
  };

  // Who verifies is the privilege matrix's say (domain/access.ts), as the server asks it.
  const verify = guards.complaintVerify;
  const verifierIds = (
    await db.query<{ id: number }>(
      `select distinct u.id from users u join privileges p on p.user_type_id = u.user_type_id join menu_items m on m.id = p.menu_item_id
     where m.key = any($1) and p.can_${verify.action} and u.status = 'active' order by u.id`,
      [[...verify.itemKeys]],
    )
  ).rows.map((r) => r.id);
  const contractorIdsOf = async (organizationId: number) =>
    (
      await db.query<{ id: number }>(
        `select u.id from users u join personas p on p.id = u.persona_id join account_types a on a.id = p.account_type_id
     where p.organization_id = $1 and a.key = $2 and u.status = 'active' order by u.id`,
        [organizationId, CONTRACTOR_ACCOUNT_TYPE],
      )
    ).rows.map((r) => r.id);

  // Every active account signs in once; its session serves all the virtual users acting as it.
  const active = accounts.filter((a) => a.status === 'active');
  const sessions = new Map<number, Session>();
  for (const account of active) sessions.set(account.id, await signIn(account));
  const session = (id: number) => {
    const found = sessions.get(id);
    if (!found) throw new Error(`no signed-in account ${id}`);
    return found;
  };
  const officers = active.filter((a) => a.userTypeKey === 'officer').map((a) => session(a.id));
  const verifiers = verifierIds.map(session);
  const organizationIds = Object.keys(CONTRACTOR_REPRESENTATIVE).map(Number);
  const contractorsPerOrganization = Math.ceil(WRITERS.contractor / organizationIds.length);
  const offences = typeOfOffences.filter((t) => t.isActive);
  if (!officers.length || !verifiers.length) throw new Error('no officer or no verifier among the demo accounts');

  const pollPath = '/api/v1/notifications?limit=1000&isRead=2';
  const historyPath = '/api/v1/complaints?history=true&limit=1000';
  const historyHeaders = (s: Session) => ({ ...s.headers, 'accept-encoding': 'br' });
  const readers = [verifiers[0]!, officers[0]!];
  for (const [name, path, headers] of [
    ['poll', pollPath, officers[0]!.headers],
    ['history', historyPath, historyHeaders(readers[0]!)],
  ] as const) {
    const res = await fetch(`${base}${path}`, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${name}: ${res.status} ${body}`);
    const rows = (JSON.parse(body) as { data: { items: unknown[] } }).data.items.length;
    console.log(`${name}: ${rows} rows at the start, content-encoding ${res.headers.get('content-encoding') ?? 'identity'}`);
  }

  const before = {
    ...(await deadlocks()),
    complaintId: Number((await db.query<{ max: number | null }>('select max(id) as max from complaints')).rows[0]!.max ?? 0),
    notificationId: Number((await db.query<{ max: number | null }>('select max(id) as max from notifications')).rows[0]!.max ?? 0),
  };

  // Work is partitioned so no two writers ever race for one complaint: a 409 is a real error.
  const contractorQueues = new Map(
    organizationIds.map((o) => [o, Array.from({ length: contractorsPerOrganization }, () => new WorkQueue())]),
  );
  const verifierQueues = Array.from({ length: WRITERS.verifier }, () => new WorkQueue());
  const queues = [...[...contractorQueues.values()].flat(), ...verifierQueues];
  const done = { registered: 0, justified: 0, fined: 0, waived: 0 };

  console.log(
    `\n${SECONDS} s: ${POLLERS} pollers (GET ${pollPath}, ${POLL_THINK_MS} ms think time after each answer — the SPA polls every 60 s, so this is far harsher), ` +
      `${HISTORY_READERS} history readers (GET ${historyPath}, accept-encoding br, closed loop), ` +
      `${WRITERS.officer + WRITERS.contractor + WRITERS.verifier} writers (closed loop: ${WRITERS.officer} officers registering with a photo, ` +
      `${WRITERS.contractor} contractors justifying with a photo, ${WRITERS.verifier} verifiers fining or waiving, as ${verifiers.map((v) => v.user.email).join(' and ')}); ${WORKERS} API process${WORKERS > 1 ? 'es' : ''}, ${active.length} sessions`,
  );

  // The bench shares the machine: its own CPU and event-loop lag say how much of a latency is its own.
  const benchCpu = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const running = () => Date.now() < deadline;
  const stopTimer = setTimeout(() => queues.forEach((q) => q.close()), SECONDS * 1000);

  // Peak RSS of the API processes, and their CPU and PostgreSQL's over the run (backends come
  // and go: each process counts from when it is first seen to when it was last seen).
  let pids = apiPids(serverPid);
  const seenApiPids = new Set(pids);
  let peak = { largest: 0, sum: 0 };
  const cpuSeen = { api: new Map<number, { first: number; last: number }>(), pg: new Map<number, { first: number; last: number }>() };
  const meterCpu = () => {
    for (const [meter, list] of [
      [cpuSeen.api, pids],
      [cpuSeen.pg, postgresPids(serverPid)],
    ] as const) {
      for (const pid of list) {
        const now = cpuS(pid);
        const seen = meter.get(pid);
        if (!seen) meter.set(pid, { first: now, last: now });
        else if (now > 0) seen.last = now;
      }
    }
  };
  meterCpu();
  let ticks = 0;
  const sampler = setInterval(() => {
    if (++ticks % 4 === 0) {
      pids = apiPids(serverPid);
      pids.forEach((pid) => seenApiPids.add(pid));
      meterCpu();
    }
    const rss = pids.map(rssMb);
    peak = {
      largest: Math.max(peak.largest, ...rss),
      sum: Math.max(
        peak.sum,
        rss.reduce((a, b) => a + b, 0),
      ),
    };
  }, 250);

  const poller = async (i: number) => {
    const s = session(active[i % active.length]!.id);
    await sleep(Math.random() * POLL_THINK_MS);
    while (running()) {
      await call('poll', pollPath, { headers: jsonHeaders(s) });
      await sleep(POLL_THINK_MS);
    }
  };

  const historyReader = async (i: number) => {
    const headers = historyHeaders(readers[i % readers.length]!);
    while (running()) await call('history', historyPath, { headers });
  };

  const officerWriter = async (w: number) => {
    const s = officers[w % officers.length]!;
    for (let n = 0; running(); n++) {
      const organizationId = organizationIds[(w + n) % organizationIds.length]!;
      const fileId = await upload(s, photos[(w + n) % photos.length]!);
      if (!fileId || !running()) continue;
      const res = await call('register', '/api/v1/complaints', {
        method: 'POST',
        headers: jsonHeaders(s),
        body: JSON.stringify({
          typeOfOffenceId: offences[(w + n) % offences.length]!.id,
          dateOfMisconduct: new Date(Date.now() - 3_600_000).toISOString(),
          description: `Bench: construction debris dumped beside the drain (writer ${w}, round ${n}).`,
          organizationId,
          contractId: contractOf(organizationId).id,
          offender: 'Lorry WXY 1234',
          location: `Jalan Ipoh ${w}-${n}, Sentul`,
          qty: 1 + (n % 5),
          attachmentFileIds: [fileId],
        }),
      });
      if (!res) continue;
      const { id } = (JSON.parse(res.body) as { data: { id: number } }).data;
      record(id, { from: null, to: 1, by: s.user.id, text: 'Registered', notice: 'registered', remark: null });
      attached.set(id, { complaint: 1, justification: 0 });
      done.registered++;
      contractorQueues.get(organizationId)![id % contractorsPerOrganization]!.push(id);
    }
  };

  const contractorWriter = async (w: number) => {
    const organizationId = organizationIds[w % organizationIds.length]!;
    const queue = contractorQueues.get(organizationId)![Math.floor(w / organizationIds.length)]!;
    const s = session(CONTRACTOR_REPRESENTATIVE[organizationId]!);
    for (let n = 0; ; n++) {
      const id = await queue.take();
      if (id === null) return;
      const fileId = await upload(s, photos[(w + n) % photos.length]!);
      if (!fileId) continue;
      const justification = `Bench: our crew cleared the site of complaint ${id} the same afternoon.`;
      const res = await call('justify', `/api/v1/complaints/${id}/justify`, {
        method: 'POST',
        headers: jsonHeaders(s),
        body: JSON.stringify({ justification, attachmentFileIds: [fileId] }),
      });
      if (!res) continue;
      record(id, { from: 1, to: 2, by: s.user.id, text: justification, notice: 'justified', remark: null });
      attached.get(id)!.justification = 1;
      done.justified++;
      verifierQueues[id % verifierQueues.length]!.push(id);
    }
  };

  const verifierWriter = async (w: number) => {
    const s = verifiers[w % verifiers.length]!;
    for (;;) {
      const id = await verifierQueues[w]!.take();
      if (id === null) return;
      const decision = id % 3 === 0 ? 'waive' : 'fine';
      // Every other decision without a remark: the history keeps '' for it.
      const remark = id % 2 === 0 ? `Bench: ${decision} complaint ${id}.` : null;
      const res = await call('verify', `/api/v1/complaints/${id}/verify`, {
        method: 'POST',
        headers: jsonHeaders(s),
        body: JSON.stringify({ decision, remark }),
      });
      if (!res) continue;
      const to = decision === 'fine' ? 3 : 4;
      record(id, { from: 2, to, by: s.user.id, text: remark ?? '', notice: decision === 'fine' ? 'fined' : 'waived', remark });
      done[decision === 'fine' ? 'fined' : 'waived']++;
    }
  };

  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  await Promise.all([
    ...range(POLLERS).map(poller),
    ...range(HISTORY_READERS).map(historyReader),
    ...range(WRITERS.officer).map(officerWriter),
    ...range(WRITERS.contractor).map(contractorWriter),
    ...range(WRITERS.verifier).map(verifierWriter),
  ]);
  const elapsedS = (Date.now() - started) / 1000;
  clearTimeout(stopTimer);
  clearInterval(sampler);
  meterCpu();
  lag.disable();
  const benchCpuS = ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(benchCpu));
  const spent = (meter: Map<number, { first: number; last: number }>) =>
    [...meter.values()].reduce((total, { first, last }) => total + last - first, 0);
  const cpu = { api: spent(cpuSeen.api), pg: spent(cpuSeen.pg) };
  const loadAfter = loadavg();
  const endedAt = Date.now();
  const backlog = queues.reduce((total, q) => total + q.backlog, 0);

  /* Figures */

  const percentile = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
  const cols = ['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors'];
  const cells = KINDS.map((kind) => {
    const t = tallies[kind];
    const sorted = [...t.latencies].sort((a, b) => a - b);
    const requests = t.latencies.length + t.timeouts + t.network;
    const non2xx =
      [...t.statuses]
        .filter(([status]) => status >= 300)
        .map(([status, n]) => `${n}×${status}`)
        .join(' ') || '0';
    const errors = t.timeouts + t.network ? `${t.network} network, ${t.timeouts} timeouts` : '0';
    return [
      kind,
      String(requests),
      (requests / elapsedS).toFixed(1),
      percentile(sorted, 50).toFixed(0),
      percentile(sorted, 99).toFixed(0),
      (sorted.at(-1) ?? NaN).toFixed(0),
      non2xx,
      errors,
    ];
  });
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  console.log(
    `\n${WORKERS} API process${WORKERS > 1 ? 'es' : ''}, ${elapsedS.toFixed(1)} s, 127.0.0.1, ${TIMEOUT_MS / 1000} s timeout; load average before ${load(loadBefore)}, after ${load(loadAfter)} on ${availableParallelism()} cores`,
  );
  console.log(
    `the bench itself: ${benchCpuS.toFixed(1)} s CPU, event-loop lag p50 ${(lag.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms`,
  );
  console.log(line(cols));
  for (const row of cells) console.log(line(row));
  console.log(
    `writes done: ${done.registered} registered, ${done.justified} justified, ${done.fined + done.waived} decided (${done.fined} fined, ${done.waived} waived); ${backlog} still queued at the end`,
  );
  console.log(
    `peak RSS: ${peak.largest.toFixed(0)} MB largest API process${WORKERS > 1 ? `, ${peak.sum.toFixed(0)} MB all ${WORKERS} together (primary apart)` : ''}`,
  );
  console.log(
    `CPU over the run: API process${WORKERS > 1 ? 'es' : ''} ${cpu.api.toFixed(1)} s, PostgreSQL ${cpu.pg.toFixed(1)} s (of ${(elapsedS * availableParallelism()).toFixed(0)} s on ${availableParallelism()} cores)`,
  );
  for (const kind of KINDS) for (const s of tallies[kind].samples) console.error(`  ${kind}: ${s}`);

  /* Checks, on the database itself */

  const checks: [string, boolean, string][] = [];
  const check = (name: string, ok: boolean, detail = '') => checks.push([name, ok, detail]);

  const all = KINDS.map((k) => tallies[k]);
  const count = (pick: (t: Tally) => number) => all.reduce((total, t) => total + pick(t), 0);
  const fivexx = count((t) => [...t.statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0));
  const non2xx = count((t) => [...t.statuses].filter(([s]) => s < 200 || s >= 300).reduce((a, [, n]) => a + n, 0));
  const failures = count((t) => t.timeouts + t.network);
  check('zero 5xx', fivexx === 0, `${fivexx}`);
  check('zero non-2xx, network errors and timeouts', non2xx + failures === 0, `${non2xx} non-2xx, ${failures} errors`);
  check(
    'every kind of call was made',
    KINDS.every((k) => tallies[k].latencies.length > 0),
    KINDS.map((k) => `${k} ${tallies[k].latencies.length}`).join(', '),
  );
  check(
    'the server ran throughout (no API process died)',
    !exited(child) && seenApiPids.size === WORKERS,
    `${seenApiPids.size} API process ids seen for ${WORKERS}`,
  );
  check('the server logged no error', serverErrorLines === 0, `${serverErrorLines} lines at level error or above`);

  // History: exactly the acknowledged moves, in order, and the complaint's status the last one.
  const ids = [...moves.keys()];
  const { rows: historyRows } = await db.query<{
    complaint_id: number;
    from_status: number | null;
    to_status: number;
    changed_by_id: number;
    text: string;
  }>(
    'select complaint_id, from_status, to_status, changed_by_id, text from complaint_status_history where complaint_id = any($1) order by id',
    [ids],
  );
  const { rows: complaintRows } = await db.query<{
    id: number;
    status: number;
    ref_no: string;
    location: string;
    organization_id: number;
    created_by_id: number;
    offence: string;
    organization: string;
  }>(
    `select c.id, c.status, c.ref_no, c.location, c.organization_id, c.created_by_id, t.name as offence, o.name as organization
     from complaints c join type_of_offences t on t.id = c.type_of_offence_id join organizations o on o.id = c.organization_id where c.id > $1`,
    [before.complaintId],
  );
  const historyOf = new Map<number, string[]>();
  for (const r of historyRows)
    historyOf.set(r.complaint_id, [
      ...(historyOf.get(r.complaint_id) ?? []),
      JSON.stringify([r.from_status, r.to_status, r.changed_by_id, r.text]),
    ]);
  const complaintOf = new Map(complaintRows.map((r) => [r.id, r]));
  const historyMismatches = ids.filter((id) => {
    const expected = moves.get(id)!.map((m) => JSON.stringify([m.from, m.to, m.by, m.text]));
    return (
      JSON.stringify(historyOf.get(id) ?? []) !== JSON.stringify(expected) || complaintOf.get(id)?.status !== moves.get(id)!.at(-1)!.to
    );
  });
  for (const id of historyMismatches.slice(0, 5)) {
    console.error(
      `  history of ${id}: ${JSON.stringify(historyOf.get(id) ?? [])}, status ${complaintOf.get(id)?.status}; the bench made ${JSON.stringify(moves.get(id))}`,
    );
  }
  check(
    'every touched complaint: status history = the acknowledged moves, in order; status = the last',
    historyMismatches.length === 0,
    `${ids.length} complaints, ${historyMismatches.length} mismatched`,
  );
  const stray = complaintRows.filter((r) => !moves.has(r.id)).map((r) => r.id);
  check(
    'no complaint was stored that the bench was not answered for',
    stray.length === 0,
    stray.length ? `unacknowledged: ${stray.slice(0, 10).join(', ')}` : `${complaintRows.length} new complaints`,
  );

  // Attachments: one photo to each registration, one to each justification.
  const { rows: attachmentRows } = await db.query<{ complaint_id: number; kind: 'complaint' | 'justification'; n: string }>(
    'select complaint_id, kind, count(*) as n from complaint_attachments where complaint_id = any($1) group by complaint_id, kind',
    [ids],
  );
  const stored = new Map(ids.map((id) => [id, { complaint: 0, justification: 0 }]));
  for (const r of attachmentRows) stored.get(r.complaint_id)![r.kind] = Number(r.n);
  const attachmentMismatches = ids.filter((id) => JSON.stringify(stored.get(id)) !== JSON.stringify(attached.get(id)));
  check(
    'every registration and justification kept its one photo',
    attachmentMismatches.length === 0,
    `${attachmentMismatches.length} mismatched${attachmentMismatches.length ? `: ${attachmentMismatches.slice(0, 10).join(', ')}` : ''}`,
  );

  // Notices: what domain/complaint-notices.ts says each move sends, each exactly once, and nothing else.
  const contractorIds = new Map<number, number[]>();
  for (const o of new Set(complaintRows.map((r) => r.organization_id))) contractorIds.set(o, await contractorIdsOf(o));
  const expected = new Map<string, number>();
  let silentMoves = 0;
  for (const [id, list] of moves) {
    const c = complaintOf.get(id);
    if (!c) continue;
    for (const m of list) {
      const facts = {
        complaintId: id,
        refNo: c.ref_no,
        offence: c.offence,
        organization: c.organization,
        location: c.location,
        remark: m.remark,
      };
      const otherUserIds = m.notice === 'justified' ? verifierIds : m.notice === 'registered' ? [] : [c.created_by_id];
      const notices = complaintNotices(
        m.notice,
        facts,
        { contractorUserIds: contractorIds.get(c.organization_id) ?? [], otherUserIds },
        m.by,
      );
      if (notices.length === 0) silentMoves++;
      for (const n of notices) {
        const key = JSON.stringify([n.complaintId, n.recipientId, n.title, n.description]);
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
    }
  }
  const { rows: noticeRows } = await db.query<{ complaint_id: number | null; recipient_id: number; title: string; description: string }>(
    'select complaint_id, recipient_id, title, description from notifications where id > $1 or complaint_id = any($2)',
    [before.notificationId, ids],
  );
  const actual = new Map<string, number>();
  for (const r of noticeRows) {
    const key = JSON.stringify([r.complaint_id, r.recipient_id, r.title, r.description]);
    actual.set(key, (actual.get(key) ?? 0) + 1);
  }
  const keys = new Set([...expected.keys(), ...actual.keys()]);
  const missing = [...keys].filter((k) => (actual.get(k) ?? 0) < (expected.get(k) ?? 0));
  const extra = [...keys].filter((k) => (actual.get(k) ?? 0) > (expected.get(k) ?? 0));
  const duplicates = [...actual].filter(([, n]) => n > 1);
  for (const k of [...missing.slice(0, 3), ...extra.slice(0, 3)])
    console.error(`  notice ${k}: ${actual.get(k) ?? 0} stored, ${expected.get(k) ?? 0} expected`);
  const expectedTotal = [...expected.values()].reduce((a, b) => a + b, 0);
  check(
    "every acknowledged move's notices (domain/complaint-notices.ts) exist exactly once, and no others",
    missing.length === 0 && extra.length === 0 && silentMoves === 0,
    `${expectedTotal} expected, ${noticeRows.length} stored; ${missing.length} missing, ${extra.length} in excess (${duplicates.length} duplicated), ${silentMoves} moves without a notice`,
  );

  // The backends flush their statistics at most every 10 s while idle: wait, then compare.
  const wait = STATS_FLUSH_MS - (Date.now() - endedAt);
  if (wait > 0) await sleep(wait);
  const after = await deadlocks();
  check(
    'no deadlock (pg_stat_database.deadlocks did not grow)',
    after.deadlocks === before.deadlocks,
    `${before.deadlocks} → ${after.deadlocks}; transactions rolled back meanwhile ${after.rollbacks - before.rollbacks}`,
  );

  console.log('\nchecks');
  for (const [name, ok, detail] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ` (${detail})` : ''}`);
  return checks.every(([, ok]) => ok);
}

async function stop(child: ChildProcess) {
  if (exited(child)) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await gone;
  clearTimeout(timer);
}

let cleaned: Promise<void> | null = null;
const cleanup = () =>
  (cleaned ??= (async () => {
    await client?.end().catch(() => {});
    if (server) await stop(server);
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    } catch (error) {
      console.error(`could not remove ${dataDir}:`, error);
    }
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A Ctrl-C reaches the bench twice (from the terminal and relayed by tsx), and the server too.
    if (!cleaned) console.error(`\n${signal}: stopping the server and removing ${dataDir}`);
    void cleanup().finally(() => process.exit(130));
  });
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanup();
}
process.exit(passed ? 0 : 1);
