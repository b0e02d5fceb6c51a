// Push and pull mean what local publish means, against a second headless instance as the remote.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { startHeadless, type HeadlessProcess } from '../testing/spawn-headless';

const AUTH = `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`;
const TAG = 'export function transformEvent(e) { e.tagged = true; return e; }';
const UNTAGGED = 'export function transformEvent(e) { e.tagged = false; return e; }';
const EVENT = { type: 'track', event: 'Order', messageId: 'g-1' };

let local: TestStudio;
let remote: HeadlessProcess;
let remoteDir: string;
async function onRemote(method: string, path: string, body?: unknown) {
  const response = await fetch(remote.url + path, {
    method,
    headers: { authorization: AUTH, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as any;
}
const item = async (name: string) => (await local.call('GET', '/studio/api/remotes/team/changes')).body.items.find((i: any) => i.name === name);
const remoteByName = async (name: string) => (await onRemote('GET', '/transformations')).transformations.find((t: any) => t.name === name);

beforeAll(async () => {
  remoteDir = mkdtempSync(join(tmpdir(), 'studio-remote-'));
  remote = await startHeadless({ dataDir: remoteDir });
  local = await startTestStudio();
  expect((await local.call('POST', '/studio/api/remotes', { name: 'team', baseUrl: remote.url, email: 'cli@example.com', token: 'cli-token' })).status).toBe(200);
}, 30_000);
afterAll(async () => {
  await local?.close();
  await remote?.stop();
  rmSync(remoteDir, { recursive: true, force: true });
});

describe('push and pull against a second instance', () => {
  let id: string;

  it('pushes the locally published version with its message', async () => {
    const created = await local.call('POST', '/transformations?publish=true', { name: 'Gated', code: TAG, message: 'tags orders' });
    id = created.body.id;
    await local.call('PUT', `/studio/api/transformations/${id}/test-events`, { events: [{ name: 'keeps the tag', event: EVENT, expected: [{ ...EVENT, tagged: true }] }] });
    const pushed = await local.call('POST', '/studio/api/remotes/team/push', {});
    expect(pushed.body.results).toEqual([expect.objectContaining({ name: 'Gated', ok: true, action: 'created', message: expect.stringMatching(/^published local v1 “tags orders” as remote v1 on the remote, with its 1 saved test; its tests passed locally/) })]);
    const rt = await remoteByName('Gated');
    expect(rt.publishedVersionId).toBe(rt.versionId);
    const [v1] = (await onRemote('GET', `/studio/api/transformations/${rt.id}/versions`)).versions;
    expect(v1.message).toBe('tags orders');
    expect(await item('Gated')).toMatchObject({ state: 'unchanged', drift: null, localLive: { number: 1 }, remoteLive: { number: 1 } });
  });

  it('refuses a version local publish refuses, naming the failing test; the remote stays on its live version', async () => {
    await local.call('POST', `/transformations/${id}`, { code: UNTAGGED, message: 'drops the tag' });
    const before = await remoteByName('Gated');
    // By default the draft is not pushed (the live v1 is on the remote already).
    const byDefault = await local.call('POST', '/studio/api/remotes/team/push', {});
    expect(byDefault.body.results[0]).toMatchObject({ action: 'skipped', message: expect.stringMatching(/v2 is a draft/) });
    expect(await item('Gated')).toMatchObject({ state: 'changed-local', draft: true, localNumber: 2 });
    // Chosen: local publish's gate runs first and refuses it.
    const chosen = await local.call('POST', '/studio/api/remotes/team/push', { items: [{ kind: 'transformation', localId: id }] });
    expect(chosen.body.ok).toBe(false);
    expect(chosen.body.results[0]).toMatchObject({ action: 'refused' });
    expect(chosen.body.results[0].message).toMatch(/local publish would refuse v2 \(a draft: not published locally\): .*saved test event 1 \("keeps the tag"\): output does not equal/);
    const local409 = await local.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: (await local.call('GET', `/transformations/${id}`)).body.versionId }] });
    expect(local409.status).toBe(400);
    const after = await remoteByName('Gated');
    expect(after.versionId).toBe(before.versionId);
    expect(after.publishedVersionId).toBe(before.publishedVersionId);
  });

  it('shows drift when the two live versions differ, and pull brings the remote message', async () => {
    const rt = await remoteByName('Gated');
    await onRemote('POST', `/transformations/${rt.id}?publish=true`, { code: `${TAG}\n// hotfix`, message: 'hotfix on the remote' });
    expect(await item('Gated')).toMatchObject({ drift: 'remote live on v2, local destinations on v1', remoteLive: { number: 2 }, localLive: { number: 1 } });

    const made = await onRemote('POST', '/transformations?publish=true', { name: 'Made remotely', code: TAG, message: 'written on the team server' });
    expect(made.id).toBeTruthy();
    const pulled = await local.call('POST', '/studio/api/remotes/team/pull', { items: [{ kind: 'transformation', remoteItemId: made.id }] });
    expect(pulled.body.results[0]).toMatchObject({ ok: true, action: 'pulled', message: expect.stringMatching(/^imported remote v1 “written on the team server” as local v1; tests here: not-tested/) });
    const mine = (await local.call('GET', '/transformations')).body.transformations.find((t: any) => t.name === 'Made remotely');
    const [v] = (await local.call('GET', `/studio/api/transformations/${mine.id}/versions`)).body.versions;
    expect(v.message).toBe('written on the team server');
    // Pulled, not published here: the remote is live, nothing is live locally.
    expect(await item('Made remotely')).toMatchObject({ drift: 'remote live on v1, nothing live locally' });
  });
});
