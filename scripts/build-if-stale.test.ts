import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, buildIfStale, buildState, instancesUsing } from './build-if-stale.mjs';

// build-if-stale on a made-up checkout (no real build runs): what the build writes decides
// "fresh", and a process running from the checkout's out/ stops a rebuild under it.

const root = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const touch = (rel: string, seconds: number) => {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  utimesSync(file, seconds, seconds);
  for (let dir = dirname(file); dir.startsWith(root) && dir !== root; dir = dirname(dir)) utimesSync(dir, seconds, seconds);
};

describe('build-if-stale', () => {
  it('is fresh when every output the build writes (the preload as index.cjs) is newer than the sources', () => {
    expect(buildState(root).state).toBe('missing');
    touch('src/main/a.ts', 1_000);
    touch('package.json', 1_000);
    for (const output of BUILD_OUTPUTS) touch(output, 2_000);
    expect(BUILD_OUTPUTS).toContain('out/preload/index.cjs');
    expect(buildState(root).state).toBe('fresh');
    expect(buildIfStale({ root })).toBe(false);
  });

  it('is stale when a source is newer than an output, or an output is missing', () => {
    touch('src/main/a.ts', 3_000);
    expect(buildState(root).state).toBe('stale');
    for (const output of BUILD_OUTPUTS) touch(output, 4_000);
    rmSync(join(root, 'out/preload/index.cjs'));
    expect(buildState(root).state).toBe('stale');
    touch('out/preload/index.cjs', 4_000);
    expect(buildState(root).state).toBe('fresh');
  });

  it('never rebuilds under a process running from out/: it names the process and starts with the existing build', async () => {
    touch('src/main/a.ts', 5_000);
    expect(buildState(root).state).toBe('stale');
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)', join(root, 'out/main/headless.js')], { stdio: 'ignore' });
    children.push(child);
    await once(child, 'spawn');
    expect(instancesUsing(root).map((i) => i.pid)).toContain(child.pid);
    expect(buildState(root)).toMatchObject({ state: 'in-use', instances: [expect.objectContaining({ pid: child.pid })] });
    // No electron-vite in this made-up checkout: a build attempt would fail the process, not return.
    expect(buildIfStale({ root })).toBe(false);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(instancesUsing(root)).toEqual([]);
    expect(buildState(root).state).toBe('stale');
  });
});
