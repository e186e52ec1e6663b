// npm start builds the SPA (dist/) and the server bundle (dist-server/) only when missing or
// older than their sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const stale = (built, sources) => !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;

if (stale('dist/index.html', ['src', 'public', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json'])) {
  console.log('Building the SPA…');
  execSync('npx vite build', { stdio: 'inherit' });
}
if (stale('dist-server/main.mjs', ['server', 'contract', 'fixtures', 'package-lock.json', 'scripts/build-server.mjs'])) {
  console.log('Building the server…');
  await buildServer();
}
