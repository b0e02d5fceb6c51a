import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { TestStudio } from '../testing/harness';
import { ok } from '../testing/management-support';
import { syncPair } from '../testing/sync-pair';

// Issue 37, round 3: saved tests merge by messageId between studios, and a test deleted on one
// side must stay deleted: the next push does not put it back on the remote, the next pull does not
// bring it back here, and `sync status` (the plan the UI and the CLI show) says so before either.
const s = syncPair();

const code = (n: number) => `export function transformEvent(e) { e.n = ${n}; return e; }`;
const test = (id: string) => ({ name: id, event: { type: 'track', event: 'E', messageId: id } });
const ids = (events: { event: { messageId: string } }[]) => events.map((e) => e.event.messageId).sort();

const item = async (id: string) => (await ok(s.local, 'GET', '/studio/api/remotes/team/changes')).items.find((i: any) => i.kind === 'transformation' && i.localId === id);
const testsOf = async (s: TestStudio, id: string) => ids((await ok(s, 'GET', `/studio/api/transformations/${id}/test-events`)).events);
const push = async (id: string) => (await ok(s.local, 'POST', '/studio/api/remotes/team/push', { items: [{ kind: 'transformation', localId: id }] })).results.find((r: any) => r.kind === 'transformation');
const pull = async (id: string) => (await ok(s.local, 'POST', '/studio/api/remotes/team/pull', { items: [{ kind: 'transformation', localId: id }] })).results.find((r: any) => r.kind === 'transformation');


describe('saved tests deleted on one side stay deleted through sync', () => {
  it('deleted here: the push plan says it is deleted there, the push deletes it there; deleted there: the pull plan and the pull delete it here', async () => {
    const t = await ok(s.local, 'POST', '/transformations', { name: 'Tombstones', code: code(1) });
    await ok(s.local, 'PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [test('a'), test('b')] });
    expect((await push(t.id)).ok).toBe(true);
    const remoteId = (await item(t.id)).remoteItemId as string;
    expect(await testsOf(s.remote, remoteId)).toEqual(['a', 'b']);

    // Deleted here, with a new version to push.
    await ok(s.local, 'PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [test('b')] });
    await ok(s.local, 'POST', `/transformations/${t.id}`, { code: code(2) });
    const before = await item(t.id);
    expect(before.pushChosen.what).toMatch(/^sends local v2 as remote v2, with its 1 saved test, deleting 1 saved test there deleted here$/);
    expect(before.pushChosen.staysBehind).toEqual([]);
    const pushed = await push(t.id);
    expect(pushed.ok).toBe(true);
    expect(pushed.message).toContain('with its 1 saved test, deleting 1 saved test there deleted here');
    expect(await testsOf(s.remote, remoteId)).toEqual(['b']);

    // Deleted there (and one added there), with a new version to pull.
    await ok(s.remote, 'PUT', `/studio/api/transformations/${remoteId}/test-events`, { events: [test('c')] });
    await ok(s.remote, 'POST', `/transformations/${remoteId}`, { code: code(3) });
    const plan = (await item(t.id)).pull;
    expect(plan.what).toBe('imports remote v3 as local v3, with its 1 saved test (merged with the 1 here by event: 1 in all), deleting 1 saved test here deleted on the remote');
    const pulled = await pull(t.id);
    expect(pulled.ok).toBe(true);
    expect(pulled.message).toContain('with its 1 saved test, deleting 1 saved test here deleted on the remote');
    expect(await testsOf(s.local, t.id)).toEqual(['c']);

    // In sync, nothing comes back either way on the next round.
    await ok(s.local, 'POST', `/transformations/${t.id}`, { code: code(4) });
    expect((await item(t.id)).pushChosen.what).toBe('sends local v4 as remote v4, with its 1 saved test');
    expect((await push(t.id)).ok).toBe(true);
    expect(await testsOf(s.remote, remoteId)).toEqual(['c']);
    expect(await testsOf(s.local, t.id)).toEqual(['c']);
  });

  it('a test deleted on the remote while a push sends here-only changes: not sent back, and the next pull deletes it here as the plan says', async () => {
    const t = await ok(s.local, 'POST', '/transformations', { name: 'Remote deletes', code: code(1) });
    await ok(s.local, 'PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [test('x'), test('y')] });
    expect((await push(t.id)).ok).toBe(true);
    const remoteId = (await item(t.id)).remoteItemId as string;
    // The remote drops y (its tests only: its code stays), here the code changes.
    await ok(s.remote, 'PUT', `/studio/api/transformations/${remoteId}/test-events`, { events: [test('x')] });
    await ok(s.local, 'POST', `/transformations/${t.id}`, { code: code(2) });
    const plan = (await item(t.id)).pushChosen;
    expect(plan.what).toBe('sends local v2 as remote v2, with its 1 saved test');
    expect(plan.staysBehind).toEqual(['1 saved test deleted on the remote is not sent back (a pull deletes it here)']);
    expect((await push(t.id)).ok).toBe(true);
    expect(await testsOf(s.remote, remoteId)).toEqual(['x']);
    // The next pull (the remote's code changed) deletes it here.
    await ok(s.remote, 'POST', `/transformations/${remoteId}`, { code: code(3) });
    expect((await item(t.id)).pull.what).toContain('deleting 1 saved test here deleted on the remote');
    expect((await pull(t.id)).ok).toBe(true);
    expect(await testsOf(s.local, t.id)).toEqual(['x']);
  });

  it('linked by resolving a conflict (same name on both sides, never synced): the first pull after it already takes a deletion on the remote', async () => {
    const t = await ok(s.local, 'POST', '/transformations', { name: 'Linked late', code: code(1) });
    await ok(s.local, 'PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [test('p'), test('q'), test('mine')] });
    const r = await ok(s.remote, 'POST', '/transformations', { name: 'Linked late', code: code(2) });
    await ok(s.remote, 'PUT', `/studio/api/transformations/${r.id}/test-events`, { events: [test('p'), test('q')] });
    expect((await item(t.id)).remoteItemId).toBe(r.id); // paired by name, not linked yet
    // Linking (taking the remote code): p and q are now known to both sides, "mine" only here.
    await ok(s.local, 'POST', '/studio/api/remotes/team/resolve', { kind: 'transformation', localId: t.id, choice: 'take-remote' });
    // The remote deletes q and saves a new version: the first pull after linking deletes it here.
    await ok(s.remote, 'PUT', `/studio/api/transformations/${r.id}/test-events`, { events: [test('p')] });
    await ok(s.remote, 'POST', `/transformations/${r.id}`, { code: code(3) });
    expect((await item(t.id)).pull.what).toContain('deleting 1 saved test here deleted on the remote');
    expect((await pull(t.id)).ok).toBe(true);
    expect(await testsOf(s.local, t.id)).toEqual(['mine', 'p']); // q deleted as on the remote; the here-only test stays
  });

  it('a link from before links recorded a base (synced_tests NULL): once the status has seen both sides, the first pull takes a deletion on the remote', async () => {
    const t = await ok(s.local, 'POST', '/transformations', { name: 'Old link', code: code(1) });
    await ok(s.local, 'PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [test('k'), test('l')] });
    expect((await push(t.id)).ok).toBe(true);
    const remoteId = (await item(t.id)).remoteItemId as string;
    // As a link made before migration 0195 left it: no base.
    const db = new Database(join(s.local.dataDir, 'studio.db'));
    try {
      db.prepare('UPDATE sync_links SET synced_tests = NULL WHERE local_id = ?').run(t.id);
    } finally {
      db.close();
    }
    expect((await item(t.id)).state).toBe('unchanged'); // the status (the Sync page, `studio sync status`) sees k and l on both sides
    await ok(s.remote, 'PUT', `/studio/api/transformations/${remoteId}/test-events`, { events: [test('k')] });
    await ok(s.remote, 'POST', `/transformations/${remoteId}`, { code: code(2) });
    expect((await item(t.id)).pull.what).toContain('deleting 1 saved test here deleted on the remote');
    expect((await pull(t.id)).ok).toBe(true);
    expect(await testsOf(s.local, t.id)).toEqual(['k']);
  });
});
