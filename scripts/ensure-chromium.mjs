// Playwright drives Debian's Chromium (its own browser download cannot work here):
// install it when missing, so the test command passes on a fresh machine.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) {
  process.exit(0);
}
console.log(`${CHROMIUM} is missing: installing Debian's chromium…`);
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
const run = (cmd) => execSync(cmd, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
run(`${sudo}apt-get update -qq`);
run(`${sudo}apt-get install -y -qq chromium fonts-dejavu-core`);
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM}.`);
  process.exit(1);
}
