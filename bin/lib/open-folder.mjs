// The folder commands' common start: check the folder, start an embedded core, open the folder
// in it (a 400 lists every problem of meta.json and its files: exit 2), run, close.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CoreError, startEmbeddedCore } from './embedded-core.mjs';

/** { root, meta } of `DIR` and `--meta FILE` (paths in meta.json are relative to the root). */
export function folderOf(dir, meta, io) {
  const root = resolve(dir ?? '.');
  if (!existsSync(root) || !statSync(root).isDirectory()) return io.fail(2, `${dir} is not a folder: give the repository root`);
  const metaFile = resolve(meta ? resolve(meta) : resolve(root, 'meta.json'));
  if (!existsSync(metaFile)) return io.fail(2, `${meta ?? `${dir ?? '.'}/meta.json`} does not exist: give a folder with a meta.json (the transformation GitHub Action's format), or --meta FILE`);
  return { root, meta: metaFile };
}

// STUDIO_CLI_TRACE=1: one stderr line `cli-trace {"start":ms,"open":ms,"work":ms,"close":ms}` (each
// phase's wall time) after the core's own `startup-trace` line (bench/workspace-test.mjs reads both).
const tracing = process.env.STUDIO_CLI_TRACE === '1';

/**
 * Opens `folder` (and then `base`, when given, as the versions before it) in a new core for
 * `command` (test, replay: the routes it calls) and calls `work(core, opened, openedBase)`.
 */
export async function openFolder(folder, io, work, { base, command = 'test' } = {}) {
  const phases = {};
  let at = performance.now();
  const phase = (name) => {
    const now = performance.now();
    phases[name] = Math.round(now - at);
    at = now;
  };
  let core;
  try {
    core = await startEmbeddedCore(command);
  } catch (error) {
    return io.fail(3, error instanceof CoreError ? error.message : `the embedded core could not start: ${error.message}`);
  }
  phase('start');
  try {
    let openedBase;
    if (base) {
      const answer = await core.call('POST', '/studio/api/workspace/open', { ...base, message: 'base' });
      if (answer.status !== 200) return io.fail(answer.status === 400 ? 2 : 3, `${base.root}: ${answer.body.error}`);
      openedBase = answer.body;
    }
    const answer = await core.call('POST', '/studio/api/workspace/open', folder);
    if (answer.status !== 200) return io.fail(answer.status === 400 ? 2 : 3, `${answer.status === 400 ? '' : 'error: '}${answer.body.error}`);
    phase('open');
    const code = await work(core, answer.body, openedBase);
    phase('work');
    return code;
  } finally {
    await core.close();
    phase('close');
    if (tracing) process.stderr.write(`cli-trace ${JSON.stringify(phases)}\n`);
  }
}
