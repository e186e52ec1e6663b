/**
 * List benchmark (`npm run bench:lists`): the complaint lists at 100,000 complaints. Starts the
 * server on a fresh embedded database, adds the archive complaints through the test hook, then
 * times each kind of page the screens ask for — every sort, every filter, a text search, the
 * last page, a contractor's scope — and the CSV export of everything. A report: it exits 1
 * only when a call fails.
 */
import { DEMO_PASSWORD, demoAccounts, ORGANIZATION_ID } from '../fixtures';
import { startSourceServer, waitForUp } from './bench-processes';

const COUNT = Number(process.env.BENCH_COMPLAINTS ?? 100_000);
const ROUNDS = 15;
const PORT = Number(process.env.BENCH_PORT ?? 3271);
const { server, base, stop } = startSourceServer('bench-lists', PORT, PORT + 50_000, { ALLOW_TEST_RESET: 'true' });

async function signIn(email: string) {
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return `Bearer ${((await res.json()) as { data: { token: string } }).data.token}`;
}

async function time(token: string, path: string) {
  const started = performance.now();
  const res = await fetch(`${base}/${path}`, { headers: { authorization: token } });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body)}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

try {
  await waitForUp(`${base}/api/health`, () => server.exitCode !== null);
  const started = performance.now();
  const added = await fetch(`${base}/api/test/archive-complaints`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: COUNT }),
  });
  if (added.status !== 204) throw new Error(`adding complaints: ${added.status}`);
  console.log(`${COUNT + 64} complaints (added ${COUNT} in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  const officer = await signIn(demoAccounts.officer.email);
  const contractor = await signIn(demoAccounts.contractor.email);
  const lastPage = Math.ceil((COUNT + 64) / 10);
  const cases: [string, string, string][] = [
    ['History, first page (newest misconduct first)', officer, 'history=true&sort=-dateOfMisconduct'],
    ['History, by registration (the API default)', officer, 'history=true'],
    ...(['refNo', '-refNo', 'createdAt', 'description', 'offender', 'location', 'qty', '-qty', 'status'] as const).map(
      (sort): [string, string, string] => [`History sorted by ${sort}`, officer, `history=true&sort=${sort}`],
    ),
    ['History, last page', officer, `history=true&page=${lastPage}&sort=-dateOfMisconduct`],
    ['Status: fined', officer, 'history=true&status=3&sort=-dateOfMisconduct'],
    ['Open complaints (Complaint, Justify screens)', officer, 'sort=-dateOfMisconduct'],
    ['Type of offence', officer, 'history=true&typeOfOffenceId=2&sort=-dateOfMisconduct'],
    ['Contractor', officer, `history=true&organizationId=${ORGANIZATION_ID.kitarHijau}&sort=-dateOfMisconduct`],
    [
      'A month of misconduct',
      officer,
      'history=true&from=2025-06-01T00:00:00%2B08:00&to=2025-07-01T00:00:00%2B08:00&sort=-dateOfMisconduct',
    ],
    [
      'Every filter at once',
      officer,
      `history=true&status=3,4&typeOfOffenceId=2&organizationId=${ORGANIZATION_ID.kitarHijau}&from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&sort=-dateOfMisconduct`,
    ],
    ['Text search "Jalan"', officer, 'history=true&q=Jalan&sort=-dateOfMisconduct'],
    ['Text search, no match', officer, 'history=true&q=nothing-like-this&sort=-dateOfMisconduct'],
    ['Contractor’s own History', contractor, 'history=true&sort=-dateOfMisconduct'],
  ];
  console.log(`${'page of 10 rows'.padEnd(48)} median       p95      body`);
  for (const [name, token, query] of cases) {
    const runs = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await time(token, `api/v1/complaints?${query}`));
    const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `${name.padEnd(48)} ${ms(sorted[Math.floor(ROUNDS / 2)]!)} ${ms(sorted[Math.ceil(ROUNDS * 0.95) - 1]!)} ${(runs[0]!.bytes / 1024).toFixed(1).padStart(6)} KB`,
    );
  }
  const exported = await time(officer, 'api/v1/complaints.csv?history=true');
  console.log(`\nCSV export of all ${COUNT + 64}: ${(exported.ms / 1000).toFixed(2)} s, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stop();
}
