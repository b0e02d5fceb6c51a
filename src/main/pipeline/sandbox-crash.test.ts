import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, eventually, trackOnce } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// The crash reproduction against the real server: user code spins, and its sandbox process is
// really killed (SIGKILL) mid-run, in a test run, a publish and the pipeline. Each run fails with
// "the sandbox process crashed while running <name>", the server keeps answering /v1/track
// meanwhile, and a version that crashed its sandbox repeatedly is quarantined for the pipeline:
// its destination paused with the reason in the destinations API, also after a restart.

const SPIN = `export function transformEvent(event) {\n  if (event.event === 'spin') { while (true) {} }\n  return event;\n}`;

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
  // Long enough that only the kill ends the loop.
  await ok('PUT', '/studio/api/settings/sandbox', { timeoutMs: 60_000 });
});
afterAll(() => t.close());

const ok = (method: string, path: string, body?: unknown) => callOk(t, method, path, body);

const track = (messageId: string, event = 'fine') => trackOnce(t, messageId, event);

/** Waits until a sandbox process runs something, checks the server answers /v1/track meanwhile, then kills it. */
async function killRunningSandbox(label: string): Promise<number> {
  const pid = await eventually(async () => t.studio.sandboxProcesses().find((p) => p.running > 0)?.pid, 20_000, 'a busy sandbox process');
  expect(pid).not.toBe(process.pid);
  expect(await track(`${label}-while-spinning`)).toBe('OK');
  process.kill(pid, 'SIGKILL');
  return pid;
}

describe('a sandbox process killed while user code runs', () => {
  it('test run: answers 400 with the crash error; /v1/track answers meanwhile and after', async () => {
    const answer = t.call('POST', '/studio/api/test', { code: SPIN, transformationName: 'Spin test', events: [{ type: 'track', event: 'spin', messageId: 's1' }] });
    const pid = await killRunningSandbox('test-run');
    const res = await answer;
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^the sandbox process crashed while running Spin test \(killed by SIGKILL\)/);
    expect(await track('after-test-run')).toBe('OK');
    expect(t.studio.sandboxProcesses().map((p) => p.pid)).not.toContain(pid);
    const fine = await ok('POST', '/studio/api/test', { code: SPIN, events: [{ type: 'track', event: 'fine', messageId: 's2' }] });
    expect(fine.transformedEvents).toEqual([{ type: 'track', event: 'fine', messageId: 's2' }]);
  }, 60_000);

  it('publish: fails with the crash error naming the version; nothing is published; /v1/track answers', async () => {
    const created = await ok('POST', '/transformations', { name: 'Spin publish', code: SPIN });
    const answer = t.call('POST', '/transformations/libraries/publish', {
      transformations: [{ versionId: created.versionId, testInput: [{ type: 'track', event: 'spin', userId: 'u' }] }],
    });
    await killRunningSandbox('publish');
    const res = await answer;
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/the sandbox process crashed while running Spin publish/);
    expect(JSON.stringify(res.body)).toContain(created.versionId);
    expect((await ok('GET', `/transformations/${created.id}`)).publishedVersionId).toBeNull();
    expect(await track('after-publish')).toBe('OK');
  }, 60_000);

  it('pipeline: each crash fails the batch and keeps its events queued; the third crash in a row quarantines the version (paused, reason in the API, kept across a restart)', async () => {
    const capture = await ok('POST', '/studio/api/destinations', { name: 'Spin capture', kind: 'capture' });
    const published = await ok('POST', '/transformations?publish=true', {
      name: 'Spin pipeline',
      code: SPIN,
      events: [{ type: 'track', event: 'x', userId: 'u' }],
      destinationIds: [capture.id],
    });
    expect(await track('pipe-spin', 'spin')).toBe('OK');
    for (let crash = 1; crash <= 3; crash++) {
      await killRunningSandbox(`pipeline-${crash}`);
      if (crash < 3) {
        const waiting = await eventually(async () => {
          const d = await ok('GET', `/studio/api/destinations/${capture.id}`);
          return d.delivery.lastError?.includes(`crash ${crash} of 3`) ? d : undefined;
        }, 20_000, `crash ${crash} reported`);
        expect(waiting.delivery.lastError).toMatch(/the sandbox process crashed while running Spin pipeline/);
      }
    }
    const paused = await eventually(async () => {
      const d = await ok('GET', `/studio/api/destinations/${capture.id}`);
      return d.delivery.quarantine ? d : undefined;
    }, 20_000, 'the quarantine');
    expect(paused.delivery.state).toBe('paused');
    expect(paused.delivery.quarantine).toMatchObject({ versionId: published.versionId, crashes: 3 });
    expect(paused.delivery.lastError).toMatch(/^quarantined: its transformation version crashed the sandbox process 3 times in a row/);
    expect((await ok('GET', '/studio/api/destinations')).destinations.find((d: any) => d.id === capture.id).delivery.quarantine).not.toBeNull();
    // Not retried, even when woken: a new event wakes every worker of the source; once a
    // destination without code (the witness) has delivered it, the quarantined one has had its
    // step too (no sleep). No sandbox process is busy, nothing was recorded, the event is queued.
    const witness = await ok('POST', '/studio/api/destinations', { name: 'Witness capture', kind: 'capture' });
    expect(await track('during-quarantine')).toBe('OK');
    await eventually(async () => {
      const { deliveries } = await ok('GET', `/studio/api/deliveries?destinationId=${witness.id}&limit=50`);
      return deliveries.find((d: any) => d.messageId === 'during-quarantine');
    }, 20_000, 'the witness delivering the new event');
    expect(t.studio.sandboxProcesses().filter((p) => p.running > 0)).toEqual([]);
    expect((await ok('GET', `/studio/api/deliveries?destinationId=${capture.id}&limit=50`)).deliveries).toEqual([]);
    const still = (await ok('GET', `/studio/api/destinations/${capture.id}`)).delivery;
    expect(still.state).toBe('paused');
    expect(still.quarantine).toMatchObject({ versionId: published.versionId, crashes: 3 });
    expect(still.pending).toBeGreaterThanOrEqual(1);

    // A restart on the same data starts normally and keeps the quarantine: no crash loop.
    t = await t.restart();
    expect((await t.call('GET', '/studio/health')).status).toBe(200);
    expect(await track('after-restart')).toBe('OK');
    const again = await ok('GET', `/studio/api/destinations/${capture.id}`);
    expect(again.delivery.quarantine).toMatchObject({ versionId: published.versionId });
    expect(again.delivery.state).toBe('paused');

    // Enabling the destination again resumes the version: it runs (and crashes) again, counted from 1.
    const resumed = await ok('PATCH', `/studio/api/destinations/${capture.id}`, { enabled: true });
    expect(resumed.delivery.quarantine).toBeNull();
    await killRunningSandbox('resumed');
    await eventually(async () => {
      const d = await ok('GET', `/studio/api/destinations/${capture.id}`);
      return d.delivery.lastError?.includes('crash 1 of 3') ? d : undefined;
    }, 20_000, 'the resumed version crashing once');

    // Pause it (killing the old version's retry if it runs), publish a fixed version, enable it:
    // the queued events go through the fixed version.
    await ok('PATCH', `/studio/api/destinations/${capture.id}`, { enabled: false });
    await eventually(async () => {
      for (const busy of t.studio.sandboxProcesses().filter((p) => p.running > 0)) process.kill(busy.pid, 'SIGKILL');
      const d = await ok('GET', `/studio/api/destinations/${capture.id}`);
      return d.delivery.state === 'paused' && t.studio.sandboxProcesses().every((p) => p.running === 0) ? d : undefined;
    }, 20_000, 'the destination paused with nothing running');
    await ok('POST', `/transformations/${published.id}?publish=true`, { code: 'export function transformEvent(e) { return { ...e, fixed: true }; }', events: [{ type: 'track', event: 'x', userId: 'u' }] });
    await ok('PATCH', `/studio/api/destinations/${capture.id}`, { enabled: true });
    const delivered = await eventually(async () => {
      const { deliveries } = await ok('GET', `/studio/api/deliveries?destinationId=${capture.id}&limit=50`);
      return deliveries.find((d: any) => d.messageId === 'pipe-spin' && d.status === 'delivered');
    }, 40_000, 'the queued event delivered by the fixed version');
    expect(delivered.output[0].fixed).toBe(true);
    expect((await ok('GET', `/studio/api/destinations/${capture.id}`)).delivery.quarantine).toBeNull();
  }, 120_000);
});
