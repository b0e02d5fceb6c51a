import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, TEST_TOKEN, startTestStudio, type TestStudio } from '../testing/harness';

// `studio backup export|import` against running instances (the CLI never opens a database).

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = mkdtempSync(join(tmpdir(), 'studio-backup-cli-'));
let from: TestStudio;
let to: TestStudio;

const studio = (url: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((done) => {
    execFile(process.execPath, [resolve(root, 'bin/studio.mjs'), ...args], { env: { ...process.env, STUDIO_URL: url, STUDIO_EMAIL: TEST_EMAIL, STUDIO_TOKEN: TEST_TOKEN, ...env } }, (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

beforeAll(async () => {
  from = await startTestStudio();
  to = await startTestStudio({ credentials: { email: TEST_EMAIL, token: TEST_TOKEN, writeKey: 'other-key' } });
  expect((await from.call('POST', '/transformations', { name: 'From CLI', code: 'export function transformEvent(e) { return e; }' })).status).toBe(200);
  expect((await from.call('PUT', '/studio/api/credentials/token', { value: 'cli-secret' })).status).toBe(200);
});
afterAll(async () => {
  await from?.close();
  await to?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('studio backup (CLI)', () => {
  it('exports with sealed secrets to a 0600 file and imports it elsewhere; a wrong passphrase exits 1 with the message', async () => {
    const file = join(dir, 'backup.json');
    const exported = await studio(from.url, ['backup', 'export', '--out', file], { STUDIO_BACKUP_PASSPHRASE: 'cli passphrase' });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/wrote .*backup\.json \(.*1 transformations.*secrets sealed/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('cli-secret');

    const wrong = await studio(to.url, ['backup', 'import', file, '--passphrase', 'not it']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/passphrase does not open this backup's secrets.*\(HTTP 400\)/);

    const imported = await studio(to.url, ['backup', 'import', file], { STUDIO_BACKUP_PASSPHRASE: 'cli passphrase' });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/imported .*1 transformations.* with secrets/);
    expect(JSON.stringify((await to.call('GET', '/transformations')).body)).toContain('From CLI');
    expect((await to.call('GET', '/studio/api/credentials')).body.credentials.map((c: { key: string }) => c.key)).toEqual(['token']);
  }, 60_000);

  it('says what is wrong with a file that is not a backup', async () => {
    const file = join(dir, 'junk.json');
    writeFileSync(file, 'not json');
    const r = await studio(to.url, ['backup', 'import', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read .*junk\.json as a backup file/);
  });
});
