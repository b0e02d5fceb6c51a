// npm run bench: runs every bench/*.mjs in turn (each prints its figures and ratios against a
// baseline measured in the same run). Isolated-vm needs --no-node-snapshot in each process.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const benches = readdirSync(join(root, 'bench')).filter((f) => f.endsWith('.mjs')).sort();
const only = process.argv.slice(2);
buildIfStale(); // benches that drive the headless host use the built output
let failed = 0;
for (const file of benches) {
  if (only.length > 0 && !only.some((name) => file.includes(name))) continue;
  console.log(`\n=== bench/${file}`);
  const r = spawnSync(process.execPath, ['--no-node-snapshot', join(root, 'bench', file)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`=== bench/${file}: exit ${r.status}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
