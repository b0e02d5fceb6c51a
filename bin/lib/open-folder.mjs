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

/** Opens `folder` (and then `base`, when given, as the versions before it) in a new core and calls `work(core, opened, openedBase)`. */
export async function openFolder(folder, io, work, base) {
  let core;
  try {
    core = await startEmbeddedCore();
  } catch (error) {
    return io.fail(3, error instanceof CoreError ? error.message : `the embedded core could not start: ${error.message}`);
  }
  try {
    let openedBase;
    if (base) {
      const answer = await core.call('POST', '/studio/api/workspace/open', { ...base, message: 'base' });
      if (answer.status !== 200) return io.fail(answer.status === 400 ? 2 : 3, `${base.root}: ${answer.body.error}`);
      openedBase = answer.body;
    }
    const answer = await core.call('POST', '/studio/api/workspace/open', folder);
    if (answer.status !== 200) return io.fail(answer.status === 400 ? 2 : 3, `${answer.status === 400 ? '' : 'error: '}${answer.body.error}`);
    return await work(core, answer.body, openedBase);
  } finally {
    await core.close();
  }
}
