import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startHeadless } from '../../testing/spawn-headless';
import nodeFlags from '../node-flags.json' with { type: 'json' };

const headless = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../out/main/headless.js');

describe('headless host (built output, child process)', () => {
  it('is built (run `npm run build` first)', () => {
    expect(existsSync(headless)).toBe(true);
  });

  it('prints the URL once it accepts requests, keeps data across restarts, exits cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'headless-'));
    const first = await startHeadless({ dataDir });
    expect(first.firstUrlLine).toMatch(/^Transformation Studio \(headless\) listening on http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${first.url}/studio/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const auth = `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`;
    expect((await fetch(`${first.url}/studio/api/info`, { headers: { authorization: auth } })).status).toBe(200);
    expect(first.stdout()).toContain('management API token:  cli-token');
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startHeadless({ dataDir, env: { STUDIO_TOKEN: 'ignored-now' } });
    expect(second.stdout()).not.toContain('management API token');
    expect((await fetch(`${second.url}/studio/api/info`, { headers: { authorization: auth } })).status).toBe(200);
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('remembers its port per data folder when none is asked for; --port 0 still picks a free one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'headless-port-'));
    const first = await startHeadless({ dataDir });
    const port = new URL(first.url).port;
    await first.stop('SIGTERM');
    // No --port: the port this folder used last, so the UI's origin stays the same.
    const again = await startHeadless({ dataDir, port: 'remembered' });
    expect(new URL(again.url).port).toBe(port);
    // --port 0 is still any free port.
    const other = await startHeadless({ dataDir: mkdtempSync(join(tmpdir(), 'headless-port-')), port: 0 });
    expect(new URL(other.url).port).not.toBe(port);
    await other.stop('SIGTERM');
    await again.stop('SIGTERM');
  }, 40_000);

  it('rejects a bad flag with usage and exit code 2', async () => {
    const child = spawn(process.execPath, [...nodeFlags.core, headless, '--port', 'x'], { stdio: 'pipe' });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--port must be a number/);
    expect(stderr).toMatch(/Usage: npm run serve/);
  });
});
