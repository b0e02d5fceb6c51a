// Makes sure Debian's Chromium is there for the end-to-end tests (never a downloaded browser):
// CHROMIUM_PATH or /usr/bin/chromium; when missing and running as root with apt-get, installs
// the `chromium` package. Returns the path, or throws an Error that says what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const canInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) {
    throw new Error(`Chromium not found at ${path}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  console.log('Installing Debian\'s chromium for the end-to-end tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status}): install chromium yourself or set CHROMIUM_PATH.`);
  }
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} does not exist; set CHROMIUM_PATH.`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
