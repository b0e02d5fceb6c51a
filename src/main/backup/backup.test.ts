import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, TEST_EMAIL, TEST_TOKEN, type TestStudio } from '../testing/harness';
import { WORKSPACE_TABLES } from '../store/backup-repo';
import { sha256 } from './backup-crypto';
import { readFileSync } from 'node:fs';
import { KEY_CHECK_SETTING, KEY_FILE, parseMasterKey } from '../security/master-key';
import { createSecretBox } from '../store/secret-box';
import { openConfig } from '../store/destination-secrets';

// Export of the whole workspace from one data folder and import into an empty one (real
// servers, real SQLite files): everything equal; a wrong passphrase, a changed file or a
// non-empty workspace refused with a clear 4xx and nothing imported.

const PASSPHRASE = 'correct horse battery staple';
const freshStudio = (writeKey: string) => startTestStudio({ credentials: { email: TEST_EMAIL, token: TEST_TOKEN, writeKey } });

/** Rows of the workspace tables and the credentials, straight from a data folder's file. */
function rows(dataDir: string): Record<string, unknown[]> {
  const db = new BetterSqlite3(join(dataDir, 'studio.db'), { readonly: true });
  // Secrets are sealed under each folder's own master key: compare what they hold, not their ciphertext.
  const box = createSecretBox(parseMasterKey(readFileSync(join(dataDir, KEY_FILE), 'utf8'), KEY_FILE));
  try {
    const out: Record<string, unknown[]> = {};
    for (const table of [...WORKSPACE_TABLES, 'credentials']) out[table] = db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
    out.credentials = (out.credentials as { key: string; value: string }[]).map(({ key, value }) => ({ key, value: box.open(value) }));
    out.destinations = (out.destinations as { kind: string; config: string }[]).map((d) => ({ ...d, config: openConfig(box, d.kind, JSON.parse(d.config)) }));
    out.settings = (out.settings as { key: string }[]).filter((row) => row.key !== KEY_CHECK_SETTING);
    // What a version's last test run depended on is recorded by that run (each folder re-runs in the
    // background when its inputs change, at its own moment): its outcome is compared, not that record.
    out.transformation_versions = (out.transformation_versions as { test_inputs?: unknown }[]).map(({ test_inputs: _inputs, ...rest }) => rest);
    // A library's latest version too (#37: derived from its importers' inputs, re-run the same way).
    out.library_versions = (out.library_versions as { test_inputs?: unknown }[]).map(({ test_inputs: _inputs, ...rest }) => rest);
    return out;
  } finally {
    db.close();
  }
}

const ok = async (t: TestStudio, method: string, path: string, body?: unknown) => {
  const r = await t.call(method, path, body);
  expect(r.status, `${method} ${path}: ${r.text}`).toBe(200);
  return r.body;
};

describe('workspace backup: export and import (integration)', () => {
  let a: TestStudio;
  const others: TestStudio[] = [];
  let sealed: any;
  let transformationId = '';

  beforeAll(async () => {
    a = await freshStudio('source-a-key');
    const lib = await ok(a, 'POST', '/libraries', { name: 'Money', code: 'export const cents = (x) => Math.round(x * 100);' });
    await ok(a, 'POST', `/libraries/${lib.id}`, { code: 'export const cents = (x) => Math.round(x * 100); // v2' });
    const t = await ok(a, 'POST', '/transformations?publish=true', {
      name: 'Revenue',
      description: 'cents',
      code: "import { cents } from 'money';\nexport function transformEvent(e) { return { ...e, cents: cents(1.5), secret: getCredential('api-key') }; }",
    });
    transformationId = t.id;
    await ok(a, 'POST', `/transformations/${t.id}`, { code: "import { cents } from 'money';\nexport function transformEvent(e) { return e; }" });
    await ok(a, 'POST', '/transformations', { name: 'Second', code: 'export function transformEvent(e) { return null; }' });
    await ok(a, 'PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [{ name: 'one', event: { type: 'track', event: 'A' } }, { event: { type: 'identify' }, expected: [] }] });
    const source = await ok(a, 'POST', '/studio/api/sources', { name: 'Web' });
    await ok(a, 'POST', '/studio/api/destinations', {
      name: 'Hook',
      kind: 'webhook',
      sourceIds: [source.id],
      transformationId: t.id,
      config: { url: 'http://127.0.0.1:9/hook', headers: { Authorization: 'Bearer hook-secret' } },
    });
    await ok(a, 'POST', '/studio/api/destinations', { name: 'Plane', kind: 'data-plane', config: { url: 'http://127.0.0.1:9', writeKey: 'plane-write-key' } });
    await ok(a, 'POST', '/studio/api/destinations', { name: 'Capture', kind: 'capture', enabled: false });
    await ok(a, 'PUT', '/studio/api/credentials/api-key', { value: 'credential-secret' });
    const sandbox = await ok(a, 'GET', '/studio/api/settings/sandbox');
    await ok(a, 'PUT', '/studio/api/settings/sandbox', { ...sandbox, timeoutMs: 3_000 });
    await ok(a, 'PUT', '/studio/api/events/retention', { maxEvents: 12_345 });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    for (const t of others) await t.close();
  });

  it('exports every part of the workspace, with secrets only sealed', async () => {
    sealed = await ok(a, 'POST', '/studio/api/backup/export', { includeSecrets: true, passphrase: PASSPHRASE });
    expect(sealed.format).toBe('transformation-studio-backup');
    expect(sealed.workspace.transformations).toHaveLength(2);
    expect(sealed.workspace.transformation_versions).toHaveLength(3);
    expect(sealed.workspace.library_versions).toHaveLength(2);
    expect(sealed.workspace.transformation_version_libraries).toHaveLength(1);
    expect(sealed.workspace.saved_test_events).toHaveLength(2);
    expect(sealed.workspace.destinations).toHaveLength(3);
    const text = JSON.stringify(sealed);
    for (const secret of ['credential-secret', 'hook-secret', 'plane-write-key', 'source-a-key']) expect(text).not.toContain(secret);
    expect(sealed.secrets).toMatchObject({ kdf: 'scrypt', cipher: 'aes-256-gcm' });
    // Secrets need a passphrase.
    const refused = await a.call('POST', '/studio/api/backup/export', { includeSecrets: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/passphrase is required/);
  });

  it('imports into an empty data folder: everything equal, secrets included', async () => {
    const b = await freshStudio('source-b-key');
    others.push(b);
    // Its sandbox settings are read before the import (what a run then uses): the import's replace them.
    expect((await ok(b, 'GET', '/studio/api/settings/sandbox')).timeoutMs).toBe(4_000);
    const result = await ok(b, 'POST', '/studio/api/backup/import', { backup: sealed, passphrase: PASSPHRASE });
    expect(result).toMatchObject({ secrets: true, notes: [] });
    expect(result.imported).toMatchObject({ transformations: 2, transformation_versions: 3, libraries: 1, library_versions: 2, saved_test_events: 2, destinations: 3, credentials: 1 });
    const before = rows(a.dataDir);
    const after = rows(b.dataDir);
    for (const table of ['libraries', 'transformations', 'transformation_version_libraries', 'destinations', 'destination_sources', 'saved_test_events', 'settings', 'credentials']) {
      expect(after[table], table).toEqual(before[table]);
    }
    // Versions' test statuses are derived in the background in each folder, at its own moment (the
    // published library version too since #37 round 3): once both have settled they are equal.
    for (const table of ['library_versions', 'transformation_versions']) {
      await expect.poll(() => rows(b.dataDir)[table], { message: table, timeout: 20_000 }).toEqual(rows(a.dataDir)[table]);
    }
    // Sources: the backup's all there (b keeps its own default source beside them).
    for (const source of before.sources!) expect(after.sources).toContainEqual(source);
    // The imported published transformation runs with its pinned library and credential.
    const published = await ok(b, 'GET', `/transformations/${transformationId}`);
    expect(published.publishedVersionId).toBe((await ok(a, 'GET', `/transformations/${transformationId}`)).publishedVersionId);
    const runPublished = (t: TestStudio) =>
      ok(t, 'POST', '/transformations/libraries/test', { transformations: [{ versionId: published.publishedVersionId, testInput: [{ type: 'track', event: 'A' }] }] });
    const run = await runPublished(b);
    expect(run.results[0].output[0]).toEqual({ type: 'track', event: 'A', cents: 150, secret: 'credential-secret' });
    expect(run).toEqual(await runPublished(a));
    const aView = await ok(a, 'GET', `/transformations/${transformationId}/versions`);
    expect(await ok(b, 'GET', `/transformations/${transformationId}/versions`)).toEqual(aView);
    const tests = await ok(b, 'GET', `/studio/api/transformations/${transformationId}/test-events`);
    expect(tests.events).toEqual((await ok(a, 'GET', `/studio/api/transformations/${transformationId}/test-events`)).events);
    expect((await ok(b, 'GET', '/studio/api/events/retention')).maxEvents).toBe(12_345);
    expect((await ok(b, 'GET', '/studio/api/settings/sandbox')).timeoutMs).toBe(3_000);
    // A second import is refused: the workspace is no longer empty.
    const again = await b.call('POST', '/studio/api/backup/import', { backup: sealed, passphrase: PASSPHRASE });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/empty workspace/);
  }, 60_000);

  it('refuses a wrong passphrase and a changed file with a clear 400, importing nothing', async () => {
    const c = await freshStudio('source-c-key');
    others.push(c);
    const empty = rows(c.dataDir);
    const attempts: [string, unknown, RegExp][] = [
      ['wrong passphrase', { backup: sealed, passphrase: 'not the passphrase' }, /passphrase does not open/],
      ['no passphrase', { backup: sealed }, /holds secrets: give the passphrase/],
    ];
    const changed = structuredClone(sealed);
    changed.workspace.transformation_versions[0].code = 'export function transformEvent() { return { pwned: true }; }';
    attempts.push(['changed code', { backup: changed, passphrase: PASSPHRASE }, /digest does not match/]);
    const resigned = structuredClone(changed);
    resigned.digest = sha256(JSON.stringify(resigned.workspace));
    attempts.push(['changed code with a recomputed digest', { backup: resigned, passphrase: PASSPHRASE }, /passphrase does not open/]);
    const cut = structuredClone(sealed);
    cut.workspace.transformations.pop();
    attempts.push(['a row taken out', { backup: cut, passphrase: PASSPHRASE }, /digest does not match/]);
    const flipped = structuredClone(sealed);
    // Another first character, always (an 'A' replaced by 'A' changed nothing: 1 run in 64 passed the file as untouched).
    flipped.secrets.data = `${flipped.secrets.data.startsWith('A') ? 'B' : 'A'}${flipped.secrets.data.slice(1)}`;
    attempts.push(['changed ciphertext', { backup: flipped, passphrase: PASSPHRASE }, /passphrase does not open/]);
    const untagged = structuredClone(sealed);
    delete untagged.secrets.tag;
    attempts.push(['the seal without its tag', { backup: untagged, passphrase: PASSPHRASE }, /backup\.secrets\.tag is missing/]);
    attempts.push(['not a backup', { backup: { hello: 'world' } }, /backup/]);
    for (const [label, body, message] of attempts) {
      const r = await c.call('POST', '/studio/api/backup/import', body);
      expect(r.status, label).toBe(400);
      expect(r.body.error, label).toMatch(message);
    }
    // A backup whose rows do not fit together (a version of a transformation it lacks) rolls back whole.
    const orphan = await ok(a, 'POST', '/studio/api/backup/export', {});
    orphan.workspace.transformations = [];
    orphan.digest = sha256(JSON.stringify(orphan.workspace));
    const r = await c.call('POST', '/studio/api/backup/import', { backup: orphan });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/does not fit together.*nothing was imported/);
    expect(rows(c.dataDir)).toEqual(empty);
  }, 60_000);

  it('without secrets: new write keys, destinations missing secrets paused, no credentials', async () => {
    const plain = await ok(a, 'POST', '/studio/api/backup/export', {});
    expect(plain.secrets).toBeUndefined();
    const d = await freshStudio('source-d-key');
    others.push(d);
    const result = await ok(d, 'POST', '/studio/api/backup/import', { backup: plain });
    expect(result.secrets).toBe(false);
    expect(result.notes.join('\n')).toMatch(/source "Web" has a new write key/);
    expect(result.notes.join('\n')).toMatch(/destination "Hook" is paused/);
    const destinations = (await ok(d, 'GET', '/studio/api/destinations')).destinations as { name: string; enabled: boolean; config: any }[];
    const hook = destinations.find((x) => x.name === 'Hook')!;
    expect(hook.enabled).toBe(false);
    expect(hook.config.url).toBe('http://127.0.0.1:9/hook');
    expect(JSON.stringify(destinations)).not.toMatch(/hook-secret|plane-write-key/);
    expect((await ok(d, 'GET', '/studio/api/credentials')).credentials).toEqual([]);
    const sources = (await ok(d, 'GET', '/studio/api/sources')).sources as { name: string; writeKey: string }[];
    const original = (rows(a.dataDir).sources as { name: string; write_key: string }[]).find((s) => s.name === 'Web')!.write_key;
    expect(original).toBeTruthy();
    expect(sources.find((s) => s.name === 'Web')!.writeKey).not.toBe(original);
    expect(destinations.find((x) => x.name === 'Plane')!.enabled).toBe(false);
  }, 60_000);
});
