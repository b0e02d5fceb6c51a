import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The OS's per-user application data folder for the studio (same for both hosts). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Transformation Studio');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Transformation Studio');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'transformation-studio');
}

/** The OS's per-user cache folder for the studio's compiled code (never a shared temp folder: it holds code the processes run). */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'Transformation Studio', 'compile-cache');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'Transformation Studio', 'compile-cache');
  return join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'transformation-studio', 'compile-cache');
}

/**
 * Node's compile cache (V8's code of our modules, kept by their content and Node's version) for
 * this process's later imports and, through NODE_COMPILE_CACHE, every Node process it starts
 * (sandbox and debug processes): a sandbox process or a core starts with ~20 % less CPU once the
 * cache holds its modules (decision 008). NODE_COMPILE_CACHE already set (or
 * NODE_DISABLE_COMPILE_CACHE) is left as it is.
 */
export function useCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return;
  const dir = compileCacheDir(env);
  if (enableCompileCache(dir).directory) env.NODE_COMPILE_CACHE = dir;
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
