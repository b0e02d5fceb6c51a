import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The OS's per-user application data folder for the studio (same for both hosts). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Transformation Studio');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Transformation Studio');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'transformation-studio');
}

/** Walks up from this module to the folder holding `out/renderer/index.html`, if built. */
export function findRendererDir(from: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, 'out', 'renderer');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    if (existsSync(join(dir, 'renderer', 'index.html')) && dir.endsWith('out')) return join(dir, 'renderer');
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
