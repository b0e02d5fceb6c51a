import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreSupervisor } from '../supervisor/core-supervisor';
import { layoutCore, type CoreLayout } from './core-layout';

// The desktop package's resources folder (core bundle + carried Node binary + the core's
// node_modules with native modules), laid out as `npm run desktop:package` ships it, and the core
// started from it exactly as the desktop supervisor starts it. Needs `npm run build` first.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const carriedNode = join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
const token = 'packaged-session';
let target: string;
let layout: CoreLayout;
let supervisor: CoreSupervisor;
let url: string;
let auth: string;

beforeAll(async () => {
  target = mkdtempSync(join(tmpdir(), 'packaged-resources-'));
  layout = layoutCore({ root, target, nodeBinary: carriedNode });
  const dataDir = mkdtempSync(join(tmpdir(), 'packaged-data-'));
  supervisor = new CoreSupervisor({
    nodePath: layout.node,
    entry: layout.entry,
    dataDir,
    sessionToken: token,
    // No PATH to the project: the core must find everything inside the laid-out folder.
    env: { PATH: '/usr/bin:/bin', NODE_PATH: '', STUDIO_EMAIL: 'pack@example.com', STUDIO_WRITE_KEY: 'packaged-write-key' },
  });
  const ready = await supervisor.start();
  url = ready.url;
  auth = `Basic ${Buffer.from(`${ready.email}:${token}`).toString('base64')}`;
}, 60_000);

afterAll(async () => {
  await supervisor?.stop();
  if (target) rmSync(target, { recursive: true, force: true });
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
