// npm start builds the SPA only when dist/ is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = 'dist/index.html';
const sources = ['src', 'public', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json'];
if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
  console.log('Building the SPA…');
  execSync('npx vite build', { stdio: 'inherit' });
}
