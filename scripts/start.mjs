// npm start: the desktop app when an Electron runtime is available, else the headless host.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { buildIfStale } from './build-if-stale.mjs';
import { runHeadless } from './serve.mjs';

const require = createRequire(import.meta.url);

/**
 * Path of the Electron runtime, or undefined. electron >= 45 downloads its binary lazily on
 * first `require('electron')`; that download is only attempted when a desktop could show it.
 */
function electronBinary({ allowDownload }) {
  let dir;
  try {
    dir = dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(dir, 'path.txt');
  if (existsSync(pathFile)) {
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    if (existsSync(binary)) return binary;
  }
  if (!allowDownload) return undefined;
  try {
    const binary = require('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const electron = electronBinary({ allowDownload: hasDisplay });
if (electron && hasDisplay) {
  buildIfStale();
  console.log('Starting the desktop app (Electron); it runs the core on the project\'s own Node runtime.');
  const child = spawn(electron, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(
    electron
      ? 'No graphical display: running the headless host instead of the desktop app.'
      : hasDisplay
        ? 'No Electron runtime (it could not be downloaded): running the headless host; the UI opens in your browser.'
        : 'No Electron runtime and no display: running the headless host; open the URL below in a browser.',
  );
  runHeadless(['--open', ...process.argv.slice(2)]);
}
