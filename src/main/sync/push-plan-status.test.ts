import { describe, expect, it } from 'vitest';
import { ok } from '../testing/management-support';
import { syncPair } from '../testing/sync-pair';

// Issue 37, round 3: the push plan (`sync status`, the UI's preview) reads the version's test status
// as the core derives it now (version-status.ts), never the outcome recorded before an input
// changed: right after a failing saved test is added, the plan does not say "sends" as if the
// tests passed; once the background re-run records the failure, it says push refuses.
const s = syncPair();

// A bad user's event takes ~1.5 s of CPU: the re-run after it is added cannot finish before the
// plan is asked for. (The good one runs at once: nothing waits for it to be slow.)
const CODE = `export function transformEvent(e) {
  if (e.userId === 'bad') {
    const end = Date.now() + 1500; while (Date.now() < end) {}
    throw new Error('bad user');
  }
  return e;
}`;
const test = (id: string, userId: string) => ({ name: id, event: { type: 'track', event: 'E', messageId: id, userId } });

const plan = async (id: string) => (await ok(s.local, 'GET', '/studio/api/remotes/team/changes')).items.find((i: any) => i.localId === id).pushChosen;


describe('the push plan reads the derived test status', () => {
  it('a failing saved test added: at once "if its tests pass" with the reason, then "not pushed: local publish would refuse"', async () => {
    const t = await ok(s.local, 'POST', '/transformations', { name: 'Slow', code: CODE });
    await ok(s.local, 'PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [test('good-1', 'good')] });
    await expect.poll(async () => (await ok(s.local, 'GET', `/studio/api/transformations/${t.id}/versions`)).versions[0].testStatus, { timeout: 30_000 }).toBe('passed');
    expect((await plan(t.id)).what).toBe('sends local v1 as remote v1, with its 1 saved test');

    await ok(s.local, 'PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [test('good-1', 'good'), test('bad-1', 'bad')] });
    const now = await plan(t.id);
    const listed = (await ok(s.local, 'GET', `/studio/api/transformations/${t.id}/versions`)).versions[0];
    // The plan and the versions API say the same thing at the same moment.
    expect(listed.testStatus).toBe('out-of-date');
    expect(now.what).toBe(`sends local v1 as remote v1, with its 2 saved tests, if its tests pass (push runs them first; its status is out of date: ${listed.testReasons.join('; ')})`);

    await expect.poll(async () => (await plan(t.id)).what, { timeout: 30_000 }).toMatch(/^not pushed: local publish would refuse local v1: .*bad user/);
    const pushed = (await ok(s.local, 'POST', '/studio/api/remotes/team/push', { items: [{ kind: 'transformation', localId: t.id }] })).results[0];
    expect({ ok: pushed.ok, action: pushed.action }).toEqual({ ok: false, action: 'refused' });
  }, 90_000);
});
