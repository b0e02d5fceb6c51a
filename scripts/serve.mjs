// npm run serve -- [--port N] [--host H] [--data-dir DIR] [--allow-host NAME]
// Builds if needed, then runs the headless host under Node with the flags isolated-vm needs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import nodeFlags from '../src/main/hosts/node-flags.json' with { type: 'json' };

const root = new URL('..', import.meta.url).pathname;
export function runHeadless(args, { extraEnv = {} } = {}) {
  buildIfStale();
  const child = spawn(process.execPath, [...nodeFlags.core, join(root, 'out/main/headless.js'), ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) runHeadless(process.argv.slice(2));
