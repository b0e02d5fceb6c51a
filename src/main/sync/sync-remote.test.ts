import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { startHeadless, type HeadlessProcess } from '../testing/spawn-headless';
import { createSecretBox } from '../store/secret-box';
import { KEY_FILE } from '../security/master-key';

// The remote is a second instance of the app, started headless (its own process and database).
const REMOTE_EMAIL = 'cli@example.com';
const REMOTE_TOKEN = 'cli-token';

const LIB = `export function shout(s) { return String(s).toUpperCase(); }`;
const T1 = `import { shout } from "loudLib";\nexport function transformEvent(event) { event.loud = shout(event.event); return event; }`;
const T1b = T1.replace('return event;', 'event.v = 2; return event;');
const EVENTS = [{ type: 'track', event: 'hello', messageId: 'm-1' }];

let local: TestStudio;
let remote: HeadlessProcess;
let remoteDir: string;

async function onRemote(method: string, path: string, body?: unknown) {
  const response = await fetch(remote.url + path, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${REMOTE_EMAIL}:${REMOTE_TOKEN}`).toString('base64')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}
const remoteTransformations = async () => (await onRemote('GET', '/transformations')).body.transformations as any[];
const changes = async (name = 'team') => (await local.call('GET', `/studio/api/remotes/${name}/changes`)).body.items as any[];
const stateOf = async (name: string) => (await changes()).find((i) => i.name === name)?.state;

beforeAll(async () => {
  remoteDir = mkdtempSync(join(tmpdir(), 'studio-remote-'));
  remote = await startHeadless({ dataDir: remoteDir });
  local = await startTestStudio();
  const added = await local.call('POST', '/studio/api/remotes', { name: 'team', baseUrl: remote.url, email: REMOTE_EMAIL, token: REMOTE_TOKEN });
  expect(added.status).toBe(200);
}, 30_000);

afterAll(async () => {
  await local?.close();
  await remote?.stop();
  rmSync(remoteDir, { recursive: true, force: true });
});

describe('sync with a second headless instance as the remote', () => {
  it('adds a remote without ever returning or logging its token; the token file is 0600', async () => {
    const list = await local.call('GET', '/studio/api/remotes');
    expect(list.body.remotes[0]).toMatchObject({ name: 'team', baseUrl: remote.url, hasToken: true });
    expect(list.text).not.toContain(REMOTE_TOKEN);
    expect(statSync(join(local.dataDir, 'remote-tokens.json')).mode & 0o777).toBe(0o600);
    const test = await local.call('POST', '/studio/api/remotes/team/test');
    expect(test.body).toMatchObject({ ok: true, transformations: 0, libraries: 0 });
  });

  it('push new: library before its importers, created with publish=false then published with the saved tests', async () => {
    const lib = await local.call('POST', '/libraries', { name: 'loud lib', code: LIB });
    expect(lib.status).toBe(200);
    const t = await local.call('POST', '/transformations', { name: 'Shouter', code: T1, events: EVENTS });
    expect(t.status).toBe(200);
    expect(await stateOf('Shouter')).toBe('new-local');
    expect(await stateOf('loud lib')).toBe('new-local');
    // Select only the transformation: its unsynced library goes first anyway.
    const pushed = await local.call('POST', '/studio/api/remotes/team/push', { items: [{ kind: 'transformation', localId: t.body.id }] });
    expect(pushed.status).toBe(200);
    expect(pushed.body.ok).toBe(true);
    expect(pushed.body.results.map((r: any) => [r.kind, r.action])).toEqual([['library', 'created'], ['transformation', 'created']]);
    const [rt] = await remoteTransformations();
    expect(rt).toMatchObject({ name: 'Shouter', code: T1 });
    expect(rt.publishedVersionId).toBe(rt.versionId);
    const libs = (await onRemote('GET', '/libraries')).body.libraries;
    expect(libs).toHaveLength(1);
    expect(libs[0].publishedVersionId).toBe(libs[0].versionId);
    expect((await changes()).every((i) => i.state === 'unchanged')).toBe(true);
  });

  it('push update: a new remote version of the same remote transformation, not a new one', async () => {
    const t = (await local.call('GET', '/transformations')).body.transformations.find((x: any) => x.name === 'Shouter');
    // Published locally: the default push sends the live version.
    await local.call('POST', `/transformations/${t.id}?publish=true`, { code: T1b });
    expect(await stateOf('Shouter')).toBe('changed-local');
    const pushed = await local.call('POST', '/studio/api/remotes/team/push', {});
    expect(pushed.body.ok).toBe(true);
    expect(pushed.body.results).toEqual([expect.objectContaining({ name: 'Shouter', action: 'updated' })]);
    const all = await remoteTransformations();
    expect(all).toHaveLength(1);
    expect(all[0].code).toBe(T1b);
    expect(all[0].publishedVersionId).toBe(all[0].versionId);
  });

  it('pull: imports a remote transformation with its versions', async () => {
    const created = await onRemote('POST', '/transformations?publish=false', { name: 'Remote made', code: 'export function transformEvent(e) { return e; }' });
    await onRemote('POST', `/transformations/${created.body.id}?publish=false`, { code: 'export function transformEvent(e) { e.x = 1; return e; }' });
    expect(await stateOf('Remote made')).toBe('new-remote');
    const pulled = await local.call('POST', '/studio/api/remotes/team/pull', {});
    expect(pulled.body.ok).toBe(true);
    expect(pulled.body.results).toEqual([expect.objectContaining({ name: 'Remote made', action: 'pulled' })]);
    const mine = (await local.call('GET', '/transformations')).body.transformations.find((x: any) => x.name === 'Remote made');
    expect(mine.code).toContain('e.x = 1');
    const versions = await local.call('GET', `/transformations/${mine.id}/versions?count=10`);
    expect(versions.body.TransformationVersions).toHaveLength(2);
    expect(await stateOf('Remote made')).toBe('unchanged');
  });

  it('conflict: detected, never overwritten, resolved by a hand merge, then pushed', async () => {
    const rt = (await remoteTransformations()).find((x) => x.name === 'Remote made');
    const lt = (await local.call('GET', '/transformations')).body.transformations.find((x: any) => x.name === 'Remote made');
    await onRemote('POST', `/transformations/${rt.id}?publish=false`, { code: 'export function transformEvent(e) { e.remote = true; return e; }' });
    await local.call('POST', `/transformations/${lt.id}`, { code: 'export function transformEvent(e) { e.local = true; return e; }' });
    const item = (await changes()).find((i) => i.name === 'Remote made');
    expect(item).toMatchObject({ state: 'both', baseCode: expect.stringContaining('e.x = 1'), localCode: expect.stringContaining('e.local'), remoteCode: expect.stringContaining('e.remote') });
    const refused = await local.call('POST', '/studio/api/remotes/team/push', { items: [{ kind: 'transformation', localId: lt.id }] });
    expect(refused.body.ok).toBe(false);
    expect(refused.body.results[0]).toMatchObject({ action: 'conflict' });
    expect((await remoteTransformations()).find((x) => x.id === rt.id).code).toContain('e.remote');
    const refusedPull = await local.call('POST', '/studio/api/remotes/team/pull', { items: [{ kind: 'transformation', localId: lt.id }] });
    expect(refusedPull.body.results[0]).toMatchObject({ action: 'conflict' });
    const merged = 'export function transformEvent(e) { e.local = true; e.remote = true; return e; }';
    const resolved = await local.call('POST', '/studio/api/remotes/team/resolve', { kind: 'transformation', localId: lt.id, choice: 'merged', code: merged });
    expect(resolved.status).toBe(200);
    expect(resolved.body.items.find((i: any) => i.name === 'Remote made').state).toBe('changed-local');
    // The merge is a draft (never published locally): pushed when asked for drafts.
    const pushed = await local.call('POST', '/studio/api/remotes/team/push', { drafts: true });
    expect(pushed.body.ok).toBe(true);
    const after = (await remoteTransformations()).find((x) => x.id === rt.id);
    expect(after.code).toBe(merged);
    expect(after.publishedVersionId).toBe(after.versionId);
    expect(await stateOf('Remote made')).toBe('unchanged');
  });

  it('take remote: the local item gets the remote code and is in sync', async () => {
    const rt = (await remoteTransformations()).find((x) => x.name === 'Remote made');
    const lt = (await local.call('GET', '/transformations')).body.transformations.find((x: any) => x.name === 'Remote made');
    await onRemote('POST', `/transformations/${rt.id}?publish=false`, { code: 'export function transformEvent(e) { e.theirs = 1; return e; }' });
    await local.call('POST', `/transformations/${lt.id}`, { code: 'export function transformEvent(e) { e.mine = 1; return e; }' });
    expect(await stateOf('Remote made')).toBe('both');
    await local.call('POST', '/studio/api/remotes/team/resolve', { kind: 'transformation', localId: lt.id, choice: 'take-remote' });
    expect((await local.call('GET', `/transformations/${lt.id}`)).body.code).toContain('e.theirs');
    expect(await stateOf('Remote made')).toBe('unchanged');
  });

  it('remote rejecting publish (its own saved tests fail): nothing marked synced, the answer shown; retry after a fix creates no duplicate', async () => {
    const t = await local.call('POST', '/transformations?publish=true', { name: 'Fragile', code: 'export function transformEvent(e) { return e; }', events: EVENTS });
    expect((await local.call('POST', '/studio/api/remotes/team/push', { items: [{ kind: 'transformation', localId: t.body.id }] })).body.ok).toBe(true);
    const [rt] = (await remoteTransformations()).filter((x) => x.name === 'Fragile');
    // The remote (a studio) has a saved test this code does not pass; the local tests pass.
    await onRemote('PUT', `/studio/api/transformations/${rt.id}/test-events`, { events: [{ event: EVENTS[0], expected: [{ ...EVENTS[0], checked: true }] }] });
    await local.call('POST', `/transformations/${t.body.id}?publish=true`, { code: 'export function transformEvent(e) { e.v = 2; return e; }' });
    const before = (await remoteTransformations()).length;
    const pushed = await local.call('POST', '/studio/api/remotes/team/push', {});
    expect(pushed.body.ok).toBe(false);
    expect(pushed.body.results[0]).toMatchObject({ name: 'Fragile', ok: false, action: 'failed' });
    expect(pushed.body.results[0].message).toMatch(/not published.*HTTP 400/);
    expect(JSON.stringify(pushed.body.results[0].remoteAnswer)).toContain('output does not equal the expected output');
    const onRemoteNow = (await remoteTransformations()).filter((x) => x.name === 'Fragile');
    expect(onRemoteNow).toHaveLength(1);
    expect(onRemoteNow[0].publishedVersionId).toBe(rt.publishedVersionId);
    expect(await stateOf('Fragile')).toBe('changed-local');
    // Retry unchanged: still rejected, still one remote transformation.
    await local.call('POST', '/studio/api/remotes/team/push', {});
    expect((await remoteTransformations()).filter((x) => x.name === 'Fragile')).toHaveLength(1);
    // Fix (the code does what the remote's test expects) and retry.
    await local.call('POST', `/transformations/${t.body.id}?publish=true`, { code: 'export function transformEvent(e) { e.checked = true; return e; }' });
    const retried = await local.call('POST', '/studio/api/remotes/team/push', {});
    expect(retried.body.ok).toBe(true);
    const fragile = (await remoteTransformations()).filter((x) => x.name === 'Fragile');
    expect(fragile).toHaveLength(1);
    expect(fragile[0].publishedVersionId).toBe(fragile[0].versionId);
    expect((await remoteTransformations()).length).toBe(before);
    expect(await stateOf('Fragile')).toBe('unchanged');
  });

  it('retry without duplicates when the stored mapping is lost: matched by name', async () => {
    const t = await local.call('POST', '/transformations', { name: 'Named match', code: 'export function transformEvent(e) { return e; }' });
    await onRemote('POST', '/transformations?publish=false', { name: 'Named match', code: 'export function transformEvent(e) { return e; }' });
    expect(await stateOf('Named match')).toBe('unchanged');
    await local.call('POST', `/transformations/${t.body.id}`, { code: 'export function transformEvent(e) { e.n = 1; return e; }' });
    // Same name, different code, never synced: a conflict, not a second remote transformation.
    expect(await stateOf('Named match')).toBe('both');
    await local.call('POST', '/studio/api/remotes/team/resolve', { kind: 'transformation', localId: t.body.id, choice: 'keep-local' });
    const pushed = await local.call('POST', '/studio/api/remotes/team/push', { drafts: true });
    expect(pushed.body.ok).toBe(true);
    expect((await remoteTransformations()).filter((x) => x.name === 'Named match')).toHaveLength(1);
  });

  it('401: test connection and push say the token was refused; nothing local changes', async () => {
    await local.call('POST', '/studio/api/remotes', { name: 'badtoken', baseUrl: remote.url, email: REMOTE_EMAIL, token: 'wrong' });
    const test = await local.call('POST', '/studio/api/remotes/badtoken/test');
    expect(test.body).toMatchObject({ ok: false, kind: 'unauthorized' });
    expect(test.body.message).toMatch(/HTTP 401/);
    const push = await local.call('POST', '/studio/api/remotes/badtoken/push', {});
    expect(push.status).toBe(424);
    expect(push.body).toMatchObject({ kind: 'unauthorized' });
    expect(push.text).not.toContain('wrong');
    // Stored only in the 0600 file, sealed with the master key: never in plain text.
    const file = readFileSync(join(local.dataDir, 'remote-tokens.json'), 'utf8');
    expect(file).not.toContain('wrong');
    const box = createSecretBox(Buffer.from(readFileSync(join(local.dataDir, KEY_FILE), 'utf8').trim(), 'base64'));
    const stored = Object.values(JSON.parse(box.open(JSON.parse(file).sealed)) as Record<string, { token: string }>);
    expect(stored.map((s) => s.token)).toContain('wrong');
  });

  it('404 means a wrong base URL; TLS and unreachable are named', async () => {
    await local.call('POST', '/studio/api/remotes', { name: 'wrongpath', baseUrl: `${remote.url}/api/v2`, email: REMOTE_EMAIL, token: REMOTE_TOKEN });
    expect((await local.call('POST', '/studio/api/remotes/wrongpath/test')).body).toMatchObject({ ok: false, kind: 'wrong_base_url' });
    await local.call('POST', '/studio/api/remotes', { name: 'tls', baseUrl: `https://${remote.url.slice('http://'.length)}`, email: REMOTE_EMAIL, token: REMOTE_TOKEN });
    expect((await local.call('POST', '/studio/api/remotes/tls/test')).body).toMatchObject({ ok: false, kind: 'tls' });
  });

  it('remote down: unreachable, nothing local lost or marked synced', async () => {
    const t = (await local.call('GET', '/transformations')).body.transformations.find((x: any) => x.name === 'Shouter');
    await local.call('POST', `/transformations/${t.id}`, { code: T1 });
    await remote.stop();
    const test = await local.call('POST', '/studio/api/remotes/team/test');
    expect(test.body).toMatchObject({ ok: false, kind: 'unreachable' });
    const push = await local.call('POST', '/studio/api/remotes/team/push', {});
    expect(push.status).toBe(424);
    expect(push.body.kind).toBe('unreachable');
    expect((await local.call('GET', `/transformations/${t.id}`)).body.code).toBe(T1);
    // Back up on the same data folder: the change is still pending, then pushes once.
    remote = await startHeadless({ dataDir: remoteDir });
    await local.call('DELETE', '/studio/api/remotes/team');
    await local.call('POST', '/studio/api/remotes', { name: 'team', baseUrl: remote.url, email: REMOTE_EMAIL, token: REMOTE_TOKEN });
    // A re-added remote has no links: items are matched by name, so nothing is duplicated.
    const items = await changes();
    expect(items.find((i) => i.name === 'Shouter').state).toBe('both');
    await local.call('POST', '/studio/api/remotes/team/resolve', { kind: 'transformation', localId: t.id, choice: 'keep-local' });
    const pushed = await local.call('POST', '/studio/api/remotes/team/push', { drafts: true });
    expect(pushed.body.ok).toBe(true);
    expect((await remoteTransformations()).filter((x) => x.name === 'Shouter')).toHaveLength(1);
  }, 30_000);

  it('bad input is a 400 saying what to fix', async () => {
    const bad = await local.call('POST', '/studio/api/remotes', { name: 'x y', baseUrl: 'ftp://nope', email: 'a', token: 't' });
    expect(bad.status).toBe(400);
    const missing = await local.call('GET', '/studio/api/remotes/nobody/changes');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/no remote named "nobody"/);
  });
});
