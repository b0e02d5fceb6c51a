// studio init DIR: a running instance's workspace written out as a repository folder that the
// transformation GitHub Action reads (meta.json, code, tests) plus the studio's sidecars.
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { api, targetOf } from '../lib/instance.mjs';

export const INIT_USAGE = `usage: studio init DIR [--force] [--url URL] [--email E] [--token T]

Writes the workspace of a running instance (desktop or npm run serve) into DIR as a repository
folder: meta.json in the transformation GitHub Action's format, transformations/*.js,
libraries/*.js, tests/<name>/events.json and expected.json, and transformations/*.studio.json
sidecars for what meta.json cannot say (test names, field checks, fetch mocks, tests without an
exact expected output). \`studio test DIR\` and --workspace DIR open it again.

  --force   write into a folder that already has a meta.json (its files are replaced)

Exit codes: 0 written, 2 usage (DIR missing, or it holds a meta.json without --force),
3 the instance could not be reached or refused the credentials.`;

export async function runInitCommand(positional, flags, io) {
  if (positional.length !== 1) return io.fail(2, INIT_USAGE);
  const dir = resolve(positional[0]);
  if (existsSync(join(dir, 'meta.json')) && !flags.force) return io.fail(2, `${positional[0]} already has a meta.json: pass --force to replace its files`);
  const { files } = await api(targetOf(flags), 'POST', '/studio/api/workspace/export');
  for (const file of files) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    writeFileSync(`${path}.tmp`, file.content);
    renameSync(`${path}.tmp`, path);
  }
  const count = (prefix) => files.filter((f) => f.path.startsWith(prefix) && f.path.endsWith('.js')).length;
  io.out(`wrote ${files.length} files to ${positional[0]}: ${count('transformations/')} transformations, ${count('libraries/')} libraries (${readdirSync(dir).join(', ')})\n`);
  return 0;
}
