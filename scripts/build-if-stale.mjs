// Builds with electron-vite when out/ is missing or older than any source or config file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const inputs = ['src', 'electron.vite.config.ts', 'package.json', 'package-lock.json'];
// What electron-vite build writes (the preload is CommonJS: index.cjs, electron.vite.config.ts).
const outputs = ['out/main/headless.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

export function buildIfStale({ quiet = false } = {}) {
  const oldestOutput = Math.min(...outputs.map((p) => (existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0)));
  const newestInput = Math.max(...inputs.map((p) => newest(join(root, p))));
  if (oldestOutput > 0 && oldestOutput >= newestInput) return false;
  if (!quiet) process.stderr.write(oldestOutput === 0 ? 'Building the app (first run)…\n' : 'Sources changed since the last build: rebuilding…\n');
  // Build output goes to stderr so stdout's first URL line stays the server's.
  const result = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    process.stderr.write('Build failed: see the errors above.\n');
    process.exit(result.status ?? 1);
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
