/** What the benchmarks read of the processes they start: from /proc, so Linux only. */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ProcessTable = Map<number, { ppid: number; name: string }>;

/** Every process: its parent and command name, from /proc/<pid>/stat. */
export function processTable(): ProcessTable {
  const table: ProcessTable = new Map();
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

function isBelow(table: ProcessTable, pid: number, rootPid: number) {
  for (let p: number | undefined = table.get(pid)?.ppid; p && p > 1; p = table.get(p)?.ppid) if (p === rootPid) return true;
  return false;
}

/** The server's PostgreSQL: the postmaster it started and the backends below it. */
export function postgresBelow(serverPid: number): number[] {
  const table = processTable();
  return [...table].filter(([pid, { name }]) => name === 'postgres' && isBelow(table, pid, serverPid)).map(([pid]) => pid);
}

/** A cluster primary's workers: its children that are not PostgreSQL. */
export function workersOf(primaryPid: number): number[] {
  return [...processTable()].filter(([, { ppid, name }]) => ppid === primaryPid && name !== 'postgres').map(([pid]) => pid);
}

/** Resident memory in MB; 0 once the process is gone, so a crash shows up as errors, not as a throw in a timer. */
export function rssMb(pid: number) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const CLOCK_TICKS_PER_S = 100;

/** user + system CPU of a process in ms; 0 once it is gone. */
export function cpuMs(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** Resolves once `url` answers 2xx; throws after two minutes, or as soon as `gone()` says the server died. */
export async function waitForUp(url: string, gone: () => boolean = () => false) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (i > 600 || gone()) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The server from its TypeScript (`server/main.ts` under tsx) on a fresh embedded database in a
 * new temp folder, quiet but for its errors; `base` is its address, `stop()` ends it all.
 */
export function startSourceServer(name: string, port: number, pgPort: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `complaint-desk-${name}-`));
  // Embedded PostgreSQL runs as its own user when we are root, and must reach the folder.
  chmodSync(dataDir, 0o755);
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', ...env },
  });
  /** Stops the server (it stops its PostgreSQL) and removes the folder. */
  async function stop() {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { server, dataDir, base: `http://127.0.0.1:${port}`, stop };
}
