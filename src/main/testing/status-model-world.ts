import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import { send } from './event-helpers';
import { TEST_EMAIL, TEST_TOKEN, type TestStudio } from './harness';
import { ok } from './management-support';

// The model test's world beyond one transformation's tests (issue 37): a capture destination
// connected to the published version (what "live" says against what the pipeline runs), a
// webhook that fails and recovers (a delivery's state and next attempt against its attempts), and
// a second studio as the remote (sync status against what push and pull do).

const HOOK_ATTEMPTS = 2;

interface Plan {
  what: string;
  staysBehind: string[];
}
interface Item {
  kind: string;
  localId: string | null;
  remoteItemId: string | null;
  localVersionId: string | null;
  state: string;
  localNumber: number | null;
  localCode: string | null;
  remoteCode: string | null;
  pushChosen: Plan | null;
  pull: Plan | null;
}

export async function createModelWorld(t: TestStudio, remote: TestStudio) {
  let up = false;
  const hook: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(up ? 200 : 500).end(up ? 'ok' : 'down'));
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  const capture = await ok(t, 'POST', '/studio/api/destinations', { name: 'Model capture', kind: 'capture' });
  const webhook = await ok(t, 'POST', '/studio/api/destinations', {
    name: 'Model hook', kind: 'webhook', config: { url: `http://127.0.0.1:${(hook.address() as { port: number }).port}/in`, maxAttempts: HOOK_ATTEMPTS, retryMinBackoffMs: 100, retryMaxBackoffMs: 100 },
  });
  await ok(t, 'POST', '/studio/api/remotes', { name: 'model', baseUrl: remote.url, email: TEST_EMAIL, token: TEST_TOKEN });
  let sent = 0;
  const deliveries = async (destinationId: string) => (await ok(t, 'GET', `/studio/api/deliveries?destinationId=${destinationId}&limit=500`)).deliveries as any[];
  const item = async (trId: string): Promise<Item> => (await ok(t, 'GET', '/studio/api/remotes/model/changes')).items.find((i: Item) => i.kind === 'transformation' && i.localId === trId);

  /** Invariant 6: every webhook result is settled and consistent with its attempts; none waits. */
  const settledHook = async (step: string) => {
    const rows = await deliveries(webhook.id);
    expect(new Set(rows.map((r) => r.messageId)).size, `${step}: one row per event`).toBe(rows.length);
    for (const r of rows) {
      const codes = r.attemptLog.map((a: { statusCode: number | null }) => a.statusCode);
      expect(r.attempts, `${step}: ${r.messageId}'s attempts against its log`).toBe(codes.length);
      if (r.status === 'delivered') expect({ retry: r.retry, last: codes.at(-1) }, `${step}: ${r.messageId} delivered`).toEqual({ retry: null, last: 200 });
      else expect({ retry: r.retry, codes }, `${step}: ${r.messageId} given up after its attempts`).toEqual({ retry: { state: 'gave-up', attempts: HOOK_ATTEMPTS, maxAttempts: HOOK_ATTEMPTS, nextAttemptAt: null }, codes: Array(HOOK_ATTEMPTS).fill(500) });
    }
    expect((await ok(t, 'GET', `/studio/api/destinations/${webhook.id}`)).delivery, `${step}: nothing left to retry`).toMatchObject({ retrying: 0, nextAttemptAt: null });
  };

  return {
    hook: (isUp: boolean) => void (up = isUp),
    /** A published version exists: the capture destination runs it from now on. */
    async connect(trId: string) {
      await ok(t, 'PUT', `/studio/api/destinations/${capture.id}/transformation`, { transformationId: trId });
    },
    /** Invariants 4 and 6: an event's delivery ran the version shown live; the webhook's rows settle as their attempts say. */
    async send(step: string) {
      // What the studio shows live on the destination, and what the management API says is published.
      const shown = (await ok(t, 'GET', `/studio/api/destinations/${capture.id}`)).transformation;
      const live = shown ? ((await ok(t, 'GET', `/transformations/${shown.id}`)).publishedVersionId ?? null) : null;
      const messageId = `model-${++sent}`;
      await send(t, '/v1/track', { type: 'track', event: 'E', userId: 'good', messageId });
      let row: any;
      await expect.poll(async () => (row = (await deliveries(capture.id)).find((d) => d.messageId === messageId)), { timeout: 15_000, interval: 20 }).toBeDefined();
      expect({ shown: shown?.publishedVersionId ?? null, management: live }, `${step}: the live version shown against what the pipeline ran`).toEqual({
        shown: row.transformationVersionId,
        management: row.transformationVersionId,
      });
      // While its retries run: a waiting row's next attempt comes after the round that set it, and it has attempts left.
      await expect
        .poll(async () => {
          const hooked = (await deliveries(webhook.id)).find((d) => d.messageId === messageId);
          if (hooked?.retry?.state === 'retrying') {
            expect(Date.parse(hooked.retry.nextAttemptAt), `${step}: next attempt after its round`).toBeGreaterThan(Date.parse(hooked.createdAt));
            expect(hooked.retry.attempts, `${step}: retrying with attempts left`).toBeLessThan(HOOK_ATTEMPTS);
          }
          return hooked && (hooked.status === 'delivered' || hooked.retry?.state === 'gave-up');
        }, { timeout: 15_000, interval: 20, message: `${step}: the webhook's row settles (delivered, or given up after its attempts)` })
        .toBe(true);
      await settledHook(step);
    },
    /** Invariant 5 (push): what the status said a push of this transformation would do is what it did: sent (its saved tests went there), published. */
    async push(step: string, trId: string): Promise<{ sent: boolean; published: boolean }> {
      const before = await item(trId);
      const outcome = (await ok(t, 'POST', '/studio/api/remotes/model/push', { items: [{ kind: 'transformation', localId: trId }] })).results.find((r: any) => r.kind === 'transformation' && r.localId === trId);
      const said = before.pushChosen?.what ?? null;
      const sends = said && /^sends local v(\d+)/.exec(said);
      // Published on the remote, and which local version the outcome names (a push that names none counts as a mismatch).
      const did = outcome && (outcome.action === 'created' || outcome.action === 'updated') && outcome.ok ? (/published local v(\d+)/.exec(outcome.message)?.[1] ?? `unnamed: ${outcome.message}`) : null;
      // The plan says when the remote keeps saved tests of its own that its publish runs (not run here): then it may refuse.
      // So does it when the version's status is out of date ("if its tests pass": the gate runs them at the push).
      const mayRefuse = Boolean(before.pushChosen?.staysBehind.some((s) => s.includes('only on the remote')) || said?.includes(', if its tests pass ('));
      const expected = sends ? (mayRefuse && !did ? null : sends[1]) : null;
      expect({ said, did: did ?? null }, `${step}: push plan against the push`).toEqual({ said, did: expected });
      if (!did) return { sent: Boolean(sends), published: false };
      expect((await item(trId)).state, `${step}: after the push`).toBe(Number(did) === before.localNumber ? 'unchanged' : 'changed-local');
      return { sent: true, published: true };
    },
    /** Invariant 5 (pull): what the status said a pull would import is what it imported; the new local version's id when it did. */
    async pull(step: string, trId: string): Promise<string | null> {
      const before = await item(trId);
      const outcome = (await ok(t, 'POST', '/studio/api/remotes/model/pull', { items: [{ kind: 'transformation', localId: trId }] })).results.find((r: any) => r.kind === 'transformation');
      const as = before.pull && /as local v(\d+)/.exec(before.pull.what)?.[1];
      expect({ pulled: outcome?.action === 'pulled' && outcome.ok, as: as ?? null }, `${step}: pull plan against the pull`).toEqual({ pulled: Boolean(as), as: as ? /as local v(\d+)/.exec(outcome.message)?.[1] : null });
      if (as) {
        const after = await item(trId);
        expect({ number: after.localNumber, code: after.localCode, state: after.state }, `${step}: after the pull`).toEqual({ number: Number(as), code: before.remoteCode, state: 'unchanged' });
        return after.localVersionId;
      }
      return null;
    },
    /** The remote's copy changes (when there is one): a new version there. */
    async remoteEdit(trId: string, code: string): Promise<boolean> {
      const remoteId = (await item(trId)).remoteItemId;
      if (remoteId) await ok(remote, 'POST', `/transformations/${remoteId}`, { code });
      return Boolean(remoteId);
    },
    /** The messageIds of a transformation's saved tests here, or of its remote copy's (null: no copy there). */
    async savedTests(trId: string, where: 'here' | 'remote'): Promise<string[] | null> {
      const id = where === 'here' ? trId : (await item(trId)).remoteItemId;
      if (!id) return null;
      const events = (await ok(where === 'here' ? t : remote, 'GET', `/studio/api/transformations/${id}/test-events`)).events as { event: { messageId: string } }[];
      return events.map((e) => e.event.messageId).sort();
    },
    /** The remote copy's saved tests replaced (a deletion there); false when there is no copy. */
    async putRemoteTests(trId: string, events: unknown[]): Promise<boolean> {
      const remoteId = (await item(trId)).remoteItemId;
      if (remoteId) await ok(remote, 'PUT', `/studio/api/transformations/${remoteId}/test-events`, { events });
      return Boolean(remoteId);
    },
    /** A run ends: its transformation goes from the remote, so the next runs' status asks the remote about few items. */
    async endRun(trId: string) {
      const remoteId = (await item(trId)).remoteItemId;
      if (remoteId) await ok(remote, 'DELETE', `/transformations/${remoteId}`);
    },
    close: () => new Promise<void>((r) => hook.close(() => r())),
  };
}
