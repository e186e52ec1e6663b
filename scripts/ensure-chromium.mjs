// Playwright drives Debian's Chromium (its own browser download cannot work here): install it
// when missing, so the test command passes on a fresh machine. Two packages: `chromium`, which
// the benches measure with and the tests fall back to, and `chromium-headless-shell`, the old
// headless mode the tests launch when it is there (playwright.config.ts), being faster. Without
// it the tests still run, so failing to get it only warns.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The binary itself, not /usr/bin's wrapper script; playwright.config.ts launches the same path. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

const needed = existsSync(CHROMIUM) ? [] : ['chromium', 'fonts-dejavu-core'];
const wanted = existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell'];
if (needed.length === 0 && wanted.length === 0) {
  process.exit(0);
}

const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
/** Runs an apt-get command; whether it worked is judged by the files it leaves (apt says why not). */
const apt = (args) => {
  try {
    execSync(`${sudo}apt-get ${args}`, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch {
    // judged below
  }
};
console.log(`Installing Debian's ${[...needed, ...wanted].join(', ')}…`);
apt('update -qq');
if (needed.length > 0) {
  apt(`install -y -qq ${needed.join(' ')}`);
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium is still missing at ${CHROMIUM}.`);
    process.exit(1);
  }
}
if (wanted.length > 0) {
  apt(`install -y -qq ${wanted.join(' ')}`);
  if (!existsSync(HEADLESS_SHELL)) {
    console.warn(`No headless shell at ${HEADLESS_SHELL}: the tests launch ${CHROMIUM} instead.`);
  }
}
