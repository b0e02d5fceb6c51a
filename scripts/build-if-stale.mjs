// Builds with electron-vite when out/ is missing or older than any source or config file, never
// under a running instance: a core (or the desktop app, or a sandbox process) started from this
// checkout's out/ loads its files lazily, and a rebuild would swap them under it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const inputs = ['src', 'electron.vite.config.ts', 'scripts/precompress-plugin.ts', 'package.json', 'package-lock.json'];
// What electron-vite build writes, as electron.vite.config.ts names it (the preload is CommonJS:
// index.cjs). Checked again after each build, so a renamed output cannot make every start rebuild.
export const BUILD_OUTPUTS = ['out/main/headless.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/** Processes whose command line runs something from `<root>/out/` (or `electron .` in root): pid and command. */
export function instancesUsing(root = ROOT) {
  const out = `${resolve(root)}/out/`;
  const found = [];
  const uses = (args, cwd) =>
    args.some((arg) => arg.startsWith(out) || (cwd === resolve(root) && (arg.startsWith('out/') || arg.startsWith('./out/')))) ||
    (cwd === resolve(root) && /electron/i.test(args[0] ?? '') && args.slice(1).includes('.'));
  if (existsSync('/proc/self/cmdline')) {
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        let cwd;
        try {
          cwd = readlinkSync(`/proc/${pid}/cwd`);
        } catch {
          // another user's process: its cwd is not ours to read
        }
        if (uses(args, cwd)) found.push({ pid, command: args.join(' ') });
      } catch {
        // exited meanwhile
      }
    }
    return found;
  }
  if (process.platform === 'win32') return found;
  const ps = spawnSync('ps', ['-axww', '-o', 'pid=,args='], { encoding: 'utf8' });
  for (const line of (ps.stdout ?? '').split('\n')) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (match && Number(match[1]) !== process.pid && match[2].includes(out)) found.push({ pid: Number(match[1]), command: match[2] });
  }
  return found;
}

/** 'fresh' (nothing to do), 'missing' (no out/) or 'stale' (an output missing or older than a source): build; 'in-use': stale, but an instance runs from out/. */
export function buildState(root = ROOT) {
  const oldestOutput = Math.min(...BUILD_OUTPUTS.map((p) => mtime(join(root, p))));
  const newestInput = Math.max(...inputs.map((p) => newest(join(root, p))));
  if (oldestOutput > 0 && oldestOutput >= newestInput) return { state: 'fresh', instances: [] };
  if (!existsSync(join(root, 'out'))) return { state: 'missing', instances: [] };
  const instances = instancesUsing(root);
  return instances.length > 0 ? { state: 'in-use', instances } : { state: 'stale', instances: [] };
}

/** Builds when needed; returns true when it built. */
export function buildIfStale({ quiet = false, root = ROOT } = {}) {
  const { state, instances } = buildState(root);
  if (state === 'fresh') return false;
  if (state === 'in-use') {
    process.stderr.write(
      `Sources changed since the last build, but out/ is in use by a running instance (${instances.map((i) => `pid ${i.pid}`).join(', ')}): ` +
        'not rebuilding under it, starting with the existing build. Stop it and start again to rebuild.\n',
    );
    return false;
  }
  if (!quiet) process.stderr.write(state === 'missing' ? 'Building the app (first run)…\n' : 'Sources changed since the last build: rebuilding…\n');
  // Build output goes to stderr so stdout's first URL line stays the server's.
  const result = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    process.stderr.write('Build failed: see the errors above.\n');
    process.exit(result.status ?? 1);
  }
  const unwritten = BUILD_OUTPUTS.filter((p) => !existsSync(join(root, p)));
  if (unwritten.length > 0) {
    process.stderr.write(`The build did not write ${unwritten.join(', ')}: BUILD_OUTPUTS in scripts/build-if-stale.mjs must list what electron.vite.config.ts writes.\n`);
    process.exit(1);
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
