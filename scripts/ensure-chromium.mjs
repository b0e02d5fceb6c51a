// Makes sure Debian's Chromium is there for the end-to-end tests (never a downloaded browser):
// CHROMIUM_PATH, or Debian's headless shell (/usr/bin/chromium-headless-shell, the engine the
// tests drive: less CPU than the desktop browser), or /usr/bin/chromium. When none is there and
// running as root with apt-get, installs the `chromium-headless-shell` package. Returns the path,
// or throws an Error that says what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path.mjs';

export function ensureChromium() {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  const canInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!canInstall || process.env.CHROMIUM_PATH) {
    throw new Error(`Chromium not found at ${path}. Install Debian's package (sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`);
  }
  console.log('Installing Debian\'s chromium-headless-shell for the end-to-end tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium-headless-shell']]) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status}): install chromium-headless-shell yourself or set CHROMIUM_PATH.`);
  }
  if (!existsSync(path)) throw new Error(`apt-get installed chromium-headless-shell but ${path} does not exist; set CHROMIUM_PATH.`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
