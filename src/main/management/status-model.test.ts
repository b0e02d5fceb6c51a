// A model-based test of trust (issue 37) over the real HTTP API, sandbox and SQLite: fast-check
// interleaves random actions (save code, add / remove / edit saved tests, save an imported
// library, change a sandbox setting, publish) and after every step checks the invariants:
//   1. a version's test status, unless "out-of-date", equals what publish would do with it now;
//   2. publish agrees with the model (a saved test on a bad user, or the library that adds one,
//      fails the code that throws on it; nothing else fails);
//   3. the latest version's status is recomputed: it is not "out-of-date" for long;
//   4. every displayed "live" (the destination's, the management API's) is what the pipeline ran;
//   5. sync status says what push and pull then do (version numbers included); saved tests travel
//      by a three-way merge with the last sync's base (a test deleted on one side stays deleted);
//   6. a delivery's state and next attempt agree with its attempts (a webhook that fails and recovers).
// (4-6: testing/status-model-world.ts, with a capture and a webhook destination and a second studio.)
// Replay a failure with STUDIO_MODEL_SEED=<seed> (and STUDIO_MODEL_PATH=<path>); longer runs with
// STUDIO_MODEL_RUNS=<n> (each run is STEPS steps; the default is 500 steps in all).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { ok } from '../testing/management-support';
import { createModelWorld } from '../testing/status-model-world';

const STEPS = 50;
const RUNS = Number(process.env.STUDIO_MODEL_RUNS ?? 10);
const SEED = process.env.STUDIO_MODEL_SEED === undefined ? undefined : Number(process.env.STUDIO_MODEL_SEED);

/** The code a save stores: passes, throws on a "bad" user, or breaks when the library adds one. */
const CODES = [
  'export function transformEvent(event) { return event; }',
  "export function transformEvent(event) { if (event.userId === 'bad') throw new Error('bad user'); return event; }",
  "import { bump } from 'bumper';\nexport function transformEvent(event) { if (bump(1) !== 1) throw new Error('bump is ' + bump(1)); return event; }",
] as const;
const LIBRARIES = ['export const bump = (n) => n;', 'export const bump = (n) => n + 1;'] as const;

type Action =
  | { kind: 'save'; code: number }
  | { kind: 'add-test'; bad: boolean }
  | { kind: 'remove-test'; at: number }
  | { kind: 'edit-test'; at: number }
  | { kind: 'save-library'; variant: number }
  | { kind: 'setting' }
  | { kind: 'publish' }
  | { kind: 'check-older'; at: number }
  | { kind: 'send' }
  | { kind: 'hook' }
  | { kind: 'push' }
  | { kind: 'remote-edit'; code: number }
  | { kind: 'pull' }
  | { kind: 'remote-remove-test'; at: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('save' as const), code: fc.nat(CODES.length - 1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add-test' as const), bad: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove-test' as const), at: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit-test' as const), at: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('save-library' as const), variant: fc.nat(LIBRARIES.length - 1) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'setting' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'publish' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('check-older' as const), at: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'send' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'hook' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'push' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remote-edit' as const), code: fc.nat(CODES.length - 1) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'pull' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remote-remove-test' as const), at: fc.nat(20) }) },
);

interface Listed {
  versionId: string;
  number: number;
  testStatus: string;
  testSummary: string | null;
}

describe('model test: every status the versions API shows agrees with what publish does now', () => {
  let t: TestStudio;
  let remote: TestStudio;
  let world: Awaited<ReturnType<typeof createModelWorld>>;
  let runNo = 0;
  let hookUp = false;
  beforeAll(async () => {
    [t, remote] = await Promise.all([startTestStudio(), startTestStudio()]);
    world = await createModelWorld(t, remote);
  });
  afterAll(async () => {
    await world?.close();
    await Promise.all([t?.close(), remote?.close()]);
  });

  it(`${RUNS} runs of ${STEPS} random steps, the invariants checked after each`, async () => {
    const property = fc.asyncProperty(fc.array(action, { minLength: STEPS, maxLength: STEPS }), async (actions) => {
      runNo++;
      // A fresh transformation and library per run (the library's import name is the code's).
      const existing = (await ok(t, 'GET', '/libraries')).libraries as { id: string; importName: string }[];
      const lib = existing.find((l) => l.importName === 'bumper') ?? (await ok(t, 'POST', '/libraries', { name: 'Bumper', code: LIBRARIES[0] }));
      await ok(t, 'POST', `/libraries/${lib.id}`, { code: LIBRARIES[0] });
      const tr = await ok(t, 'POST', '/transformations', { name: `Model ${runNo}`, code: CODES[0] });
      // Saved tests by key (their messageId m-<key>; a key is never used again after a removal).
      type Test = { key: number; bad: boolean };
      const model = { code: new Map<string, number>([[tr.versionId, 0]]), tests: [] as Test[], library: 0, timeout: 4000, latest: tr.versionId as string };
      // The remote's copy: its code (as a CODES index) and its saved tests; the keys both sides had at the last sync of them.
      const there = { code: -1, exists: false, tests: [] as Test[], base: new Set<number>() };
      let nextKey = 0;
      /** The model's sync of saved tests: on both sides, the sender's; in the base and gone on one side, deleted; else new on its side, kept. */
      const sync = (from: Test[], to: Test[]) => {
        const on = (list: Test[], key: number) => list.some((x) => x.key === key);
        const merged = [...from.filter((x) => on(to, x.key) || !there.base.has(x.key)), ...to.filter((x) => !on(from, x.key) && !there.base.has(x.key))];
        there.base = new Set([...from, ...merged].map((x) => x.key).filter((k) => (on(from, k) && on(merged, k)) || there.base.has(k)));
        return merged;
      };
      const keys = (list: Test[]) => list.map((x) => `m-${x.key}`).sort();
      const events = (list: Test[]) => list.map((x) => ({ name: `case ${x.key}`, event: { type: 'track', event: 'E', messageId: `m-${x.key}`, userId: x.bad ? 'bad' : 'good' } }));
      let connected = false;

      const passes = (versionId: string) => {
        const code = model.code.get(versionId)!;
        // With no saved tests the code runs on nothing: it passes.
        return model.tests.length === 0 || (!(code === 1 && model.tests.some((x) => x.bad)) && !(code === 2 && model.library === 1));
      };
      const putTests = () =>
        ok(t, 'PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: events(model.tests) });
      const versions = async (): Promise<Listed[]> => (await ok(t, 'GET', `/studio/api/transformations/${tr.id}/versions`)).versions;
      const publishTest = async (versionId: string): Promise<boolean> =>
        (await ok(t, 'POST', '/transformations/libraries/test', { transformations: [{ versionId }] })).passed;

      /** Invariants 1 and 2 for one version. */
      const agrees = async (v: Listed, step: string) => {
        const published = await publishTest(v.versionId);
        expect(published, `${step}: publish of v${v.number} against the model`).toBe(passes(v.versionId));
        if (v.testStatus !== 'out-of-date') {
          expect(
            { status: v.testStatus, summary: v.testSummary, publish: published ? 'passes' : 'refuses' },
            `${step}: v${v.number}'s test status against what publish does with it now`,
          ).toEqual({ status: published ? expect.stringMatching(/^(passed|not-tested)$/) : 'failed', summary: v.testSummary, publish: published ? 'passes' : 'refuses' });
        }
      };

      for (const [n, a] of actions.entries()) {
        const step = `run ${runNo} step ${n + 1} ${JSON.stringify(a)}`;
        if (a.kind === 'save') {
          const saved = await ok(t, 'POST', `/transformations/${tr.id}`, { code: `${CODES[a.code]}\n// ${n}` });
          model.code.set(saved.versionId, a.code);
          model.latest = saved.versionId;
        } else if (a.kind === 'add-test') {
          model.tests.push({ key: nextKey++, bad: a.bad });
          await putTests();
        } else if (a.kind === 'remove-test' && model.tests.length > 0) {
          model.tests.splice(a.at % model.tests.length, 1);
          await putTests();
        } else if (a.kind === 'edit-test' && model.tests.length > 0) {
          const at = a.at % model.tests.length;
          model.tests[at] = { ...model.tests[at]!, bad: !model.tests[at]!.bad };
          await putTests();
        } else if (a.kind === 'save-library') {
          model.library = a.variant;
          await ok(t, 'POST', `/libraries/${lib.id}`, { code: LIBRARIES[a.variant] });
        } else if (a.kind === 'setting') {
          model.timeout = model.timeout === 4000 ? 3000 : 4000;
          await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: model.timeout });
        } else if (a.kind === 'publish') {
          const answer = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: model.latest }] });
          expect(answer.status === 200, `${step}: publish against the model (${answer.text})`).toBe(passes(model.latest));
          if (answer.status === 200 && !connected) {
            await world.connect(tr.id);
            connected = true;
          }
        } else if (a.kind === 'send') {
          await world.send(step);
        } else if (a.kind === 'hook') {
          world.hook((hookUp = !hookUp));
        } else if (a.kind === 'push') {
          const pushed = await world.push(step, tr.id);
          // Saved tests go before the publish, merged three ways (sync above); both sides as the model says.
          if (pushed.sent) there.tests = sync(model.tests, there.tests);
          there.exists ||= pushed.sent;
          expect({ here: await world.savedTests(tr.id, 'here'), there: await world.savedTests(tr.id, 'remote') }, `${step}: saved tests after the push`)
            .toEqual({ here: keys(model.tests), there: there.exists ? keys(there.tests) : null });
          if (pushed.published) there.code = model.code.get(model.latest)!;
        } else if (a.kind === 'remote-edit' && (await world.remoteEdit(tr.id, `${CODES[a.code]}\n// remote ${n}`))) {
          there.code = a.code;
        } else if (a.kind === 'remote-remove-test' && there.tests.length > 0 && (await world.putRemoteTests(tr.id, events(there.tests.filter((_, i) => i !== a.at % there.tests.length))))) {
          there.tests.splice(a.at % there.tests.length, 1);
        } else if (a.kind === 'pull') {
          const pulled = await world.pull(step, tr.id);
          if (pulled) {
            model.code.set(pulled, there.code);
            model.latest = pulled;
            model.tests = sync(there.tests, model.tests);
            expect(await world.savedTests(tr.id, 'here'), `${step}: saved tests after the pull`).toEqual(keys(model.tests));
          }
        }
        // Right after the step, whatever the background is doing: no old answer is shown.
        const listed = await versions();
        const latest = listed[0]!;
        await agrees(latest, step);
        if (a.kind === 'check-older') await agrees(listed[a.at % listed.length]!, step);
        // Invariant 3: the latest version's status is recomputed in the background.
        if (latest.testStatus !== 'out-of-date') continue;
        let settled: Listed | undefined;
        await expect
          .poll(async () => (settled = (await versions())[0])?.testStatus, { timeout: 15_000, interval: 20, message: `${step}: the latest version stays out of date` })
          .not.toBe('out-of-date');
        await agrees(settled!, `${step} (settled)`);
      }
      await world.endRun(tr.id);
    });
    await fc.assert(property, { numRuns: RUNS, endOnFailure: true, ...(SEED !== undefined ? { seed: SEED, path: process.env.STUDIO_MODEL_PATH } : {}) });
  }, 300_000);
});
