// npm start: the desktop app when an Electron runtime is available, else the headless host.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildIfStale } from './build-if-stale.mjs';
import { runHeadless } from './serve.mjs';

const require = createRequire(import.meta.url);
function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const electron = electronBinary();
if (electron && hasDisplay) {
  buildIfStale();
  console.log('Starting the desktop app (Electron). Native modules must be built for Electron: `npm run rebuild:electron` once.');
  const child = spawn(electron, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(
    electron
      ? 'No graphical display: running the headless host instead of the desktop app.'
      : 'No Electron runtime installed: running the headless host; the UI opens in your browser (or open the URL below).',
  );
  runHeadless(['--open', ...process.argv.slice(2)]);
}
