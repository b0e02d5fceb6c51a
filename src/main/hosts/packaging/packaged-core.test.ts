import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreSupervisor } from '../supervisor/core-supervisor';
import { carriedNodeBinary, coreEntry } from '../supervisor/node-runtime';
import { layoutCore } from './core-layout';

// The desktop package's resources folder (core bundle + carried Node binary + the core's
// node_modules with native modules), as `npm run desktop:package` ships it, and the core started
// from it exactly as the desktop supervisor starts it. Needs `npm run build` first.
// On Linux the folder comes from the real packaging script and electron-builder (`--dir`), with an
// unpacked stand-in for the Electron binary, which cannot be downloaded here; elsewhere it is laid
// out by the same layout function the script uses.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const carriedNode = join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
const token = 'packaged-session';
let work: string;
let target: string;
let layout: { core: string; entry: string; node: string };
const byElectronBuilder = process.platform === 'linux';

function packageWithElectronBuilder(): string {
  const fakeElectron = join(work, 'electron-dist');
  mkdirSync(fakeElectron, { recursive: true });
  writeFileSync(join(fakeElectron, 'electron'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  const script = join(root, 'scripts', 'desktop-package.mjs');
  const result = spawnSync(carriedNode, [script, '--dir', '--no-build', '--work', join(work, 'out'), '--electron-dist', fakeElectron], {
    cwd: root,
    encoding: 'utf8',
    timeout: 150_000,
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return join(work, 'out', 'desktop', `linux-${process.arch === 'arm64' ? 'arm64-' : ''}unpacked`, 'resources');
}
let supervisor: CoreSupervisor;
let url: string;
let auth: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'packaged-resources-'));
  target = byElectronBuilder ? packageWithElectronBuilder() : layoutCore({ root, target: work, nodeBinary: carriedNode }).core.replace(/[\\/]core$/, '');
  layout = { core: join(target, 'core'), entry: join(target, 'core', 'out', 'main', 'headless.js'), node: join(target, 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node') };
  const dataDir = mkdtempSync(join(tmpdir(), 'packaged-data-'));
  // The paths the packaged desktop app computes from process.resourcesPath.
  const nodePath = carriedNodeBinary({ packaged: true, resourcesPath: target });
  const entry = coreEntry({ mainDir: '/nonexistent/app.asar/out/main', packaged: true, resourcesPath: target });
  expect([nodePath, entry]).toEqual([layout.node, layout.entry]);
  supervisor = new CoreSupervisor({
    nodePath,
    entry,
    dataDir,
    sessionToken: token,
    // No PATH to the project: the core must find everything inside the laid-out folder.
    env: { PATH: '/usr/bin:/bin', NODE_PATH: '', STUDIO_EMAIL: 'pack@example.com', STUDIO_WRITE_KEY: 'packaged-write-key' },
  });
  const ready = await supervisor.start();
  url = ready.url;
  auth = `Basic ${Buffer.from(`${ready.email}:${token}`).toString('base64')}`;
}, 180_000);

afterAll(async () => {
  await supervisor?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packaged resources folder', () => {
  it('holds the core bundle, the renderer, the carried Node binary and only the core’s packages', () => {
    expect(existsSync(join(layout.core, 'out', 'main', 'headless.js'))).toBe(true);
    expect(existsSync(join(layout.core, 'out', 'renderer', 'index.html'))).toBe(true);
    expect(existsSync(layout.node)).toBe(true);
    const top = readdirSync(join(layout.core, 'node_modules'));
    expect(top).toEqual(expect.arrayContaining(['better-sqlite3', 'isolated-vm', 'fastify']));
    // Renderer-only and development packages stay out: the UI is bundled, Electron is the shell.
    for (const absent of ['react', 'electron', '@codemirror', 'vitest', 'prettier', 'node']) expect(top).not.toContain(absent);
  });

  it.runIf(byElectronBuilder)('the Electron app (app.asar) holds the supervisor and the sandboxed preload, no node_modules', () => {
    const asar = readFileSync(join(target, 'app.asar'));
    const header = asar.subarray(0, Math.min(asar.length, 64 * 1024)).toString('utf8');
    expect(header).toContain('"index.js"');
    expect(header).toContain('"index.cjs"');
    expect(header).not.toContain('node_modules');
    expect(existsSync(join(target, 'app.asar.unpacked'))).toBe(false);
  });

  it('keeps only the native binaries of its own platform, and no native sources or build trees', () => {
    const own = `${process.platform}-${process.arch}`;
    expect(readdirSync(join(layout.core, 'node_modules', 'isolated-vm', 'prebuilds'))).toEqual([own]);
    const sqlite = readdirSync(join(layout.core, 'node_modules', 'better-sqlite3', 'prebuilds'));
    expect(sqlite.length).toBeGreaterThan(0);
    for (const file of sqlite) expect(file.replace('linuxmusl-', 'linux-')).toBe(`${own}.node`);
    for (const gone of ['isolated-vm/src', 'isolated-vm/vendor', 'better-sqlite3/deps', 'better-sqlite3/src', 'better-sqlite3/build']) {
      expect(existsSync(join(layout.core, 'node_modules', gone))).toBe(false);
    }
  });

  it('refuses to lay out a platform the native modules have no binary for, saying what to do', () => {
    // isolated-vm 7.0.1 ships no darwin-x64 prebuild: such a package must be made on a Mac (Intel)
    const other = mkdtempSync(join(tmpdir(), 'packaged-darwin-x64-'));
    try {
      expect(() => layoutCore({ root, target: other, nodeBinary: carriedNode, platform: 'darwin', arch: 'x64' })).toThrow(
        /isolated-vm has no prebuilt binary for darwin-x64: build it from source on such a machine/,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('runs the core on the carried Node: health, the UI, a sandbox test run and a captured event', async () => {
    expect(await (await fetch(`${url}/studio/health`)).json()).toEqual({ status: 'ok' });
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const info = (await (await fetch(`${url}/studio/api/info`, { headers: { authorization: auth } })).json()) as Record<string, unknown>;
    expect(JSON.stringify(info)).toContain('pack@example.com');
    const version = spawnSync(layout.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(version).toBe(`v${JSON.parse(readFileSync(join(root, 'node_modules', 'node', 'package.json'), 'utf8')).version}`);
    const run = await fetch(`${url}/studio/api/test`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'export function transformEvent(e) { e.packaged = true; return e; }', events: [{ event: 'x' }] }),
    });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { transformedEvents: unknown[] }).transformedEvents).toEqual([{ event: 'x', packaged: true }]);
    const track = await fetch(`${url}/v1/track`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('packaged-write-key:').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'Packaged', userId: 'u1', messageId: 'packaged-1' }),
    });
    expect(track.status).toBe(200);
    const events = (await (await fetch(`${url}/studio/api/events?limit=5`, { headers: { authorization: auth } })).json()) as { events: Array<{ messageId?: string }> };
    expect(events.events.map((e) => e.messageId)).toContain('packaged-1');
  });
});
