import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { SandboxInstance } from './instance';
import { runOnInstance } from './run';
import { instanceMaker, instanceSpec, RUN_ENV, RUN_LIMITS } from '../../testing/instance-helpers';

// The fresh-context life cycle of one warm isolate (realm-cycle.ts), step by step on a real
// isolate: the state it says it is in, and that each run gets a realm no batch has run in.

const CODE = 'let n = 0;\nexport function transformEvent(e) { n++; globalThis.kept = (globalThis.kept ?? 0) + 1; return { ...e, n, kept: globalThis.kept }; }';
const runOne = async (instance: SandboxInstance) => {
  await instance.begin();
  try {
    return JSON.parse(await runOnInstance(instance, JSON.stringify({ e: [{ messageId: 'm' }], m: null }), RUN_LIMITS, RUN_ENV)) as { r: [number, number, Record<string, unknown>][] };
  } finally {
    instance.end();
  }
};

describe('realm cycle: how a batch gets its realm', () => {
  const make = instanceMaker();
  const create = (code = CODE) => make(instanceSpec('cycle', code));

  it('ready → running → spent → (at once) preparing → prepared → running, each run in a realm no batch ran in', async () => {
    const instance = await create();
    expect(instance.state).toBe('ready');
    await instance.begin();
    expect(instance.state).toBe('running');
    instance.end();
    // Prepared ahead on the isolate's own thread (asynchronous calls), started by end() itself:
    // preparing, then prepared.
    expect(instance.state).toBe('preparing');
    await expect.poll(() => instance.state, { timeout: 10_000 }).toBe('prepared');
    const outputs = [await runOne(instance), await runOne(instance), await runOne(instance)];
    // The module's top level and the global object are new in every run: n and kept start over.
    for (const answer of outputs) expect(answer.r[0]![2]).toMatchObject({ n: 1, kept: 1 });
  });

  it("'when-idle' (test runs): spent until the answer has left, then prepared on this thread; the next run is in a new realm", async () => {
    const instance = await create();
    await instance.begin();
    instance.end('when-idle');
    // Nothing is prepared during this turn (the answer is sent in it)...
    expect(instance.state).toBe('spent');
    await Promise.resolve();
    expect(instance.state).toBe('spent');
    // ...then, with no other run in the process, in the check phase, by synchronous calls.
    await expect.poll(() => instance.state, { timeout: 10_000 }).toBe('prepared');
    const outputs = [await runOne(instance), await runOne(instance)];
    for (const answer of outputs) expect(answer.r[0]![2]).toMatchObject({ n: 1, kept: 1 });
  });

  it("a run that begins before a 'when-idle' preparation started prepares its realm itself", async () => {
    const instance = await create();
    await instance.begin();
    instance.end('when-idle');
    expect(instance.state).toBe('spent');
    const answer = await runOne(instance); // begins in the same turn: nothing prepared yet
    expect(answer.r[0]![2]).toMatchObject({ n: 1, kept: 1 });
  });

  it('a run that begins while the next realm is being prepared waits for it and runs in it', async () => {
    const instance = await create();
    await runOne(instance);
    expect(instance.state).toBe('preparing');
    const answer = await runOne(instance); // begins before the preparation ended
    expect(answer.r[0]![2]).toMatchObject({ n: 1, kept: 1 });
  });

  it("the next realm's top level runs while it is prepared, off the next run's path", async () => {
    const instance = await create('const loadedAt = Date.now();\nexport function transformEvent(e) { return { ...e, loadedAt }; }');
    await runOne(instance); // ends 'ahead': the next realm is prepared at once
    await expect.poll(() => instance.state, { timeout: 10_000 }).toBe('prepared');
    const prepared = Date.now();
    await expect.poll(() => Date.now() > prepared + 2).toBe(true);
    const answer = await runOne(instance);
    // Evaluated before `prepared` was read, not when the run began.
    expect(answer.r[0]![2].loadedAt).toBeLessThanOrEqual(prepared);
  });

  it('a next realm whose top level throws breaks the isolate when it is prepared (the run then starts a new one)', async () => {
    // The first realm is made by create(), before the cutoff; every later one after it. Time is the
    // only thing a realm's top level sees from outside, so the margin must outlast a create() on a
    // loaded CI machine (50 ms did not: CI's create() threw 'too late' itself).
    const cutoff = Date.now() + 1000;
    const instance = await create(`if (Date.now() >= ${cutoff}) throw new Error('too late');\nexport function transformEvent(e) { return e; }`);
    await instance.begin();
    await expect.poll(() => Date.now() >= cutoff).toBe(true);
    instance.end();
    await expect.poll(() => instance.state, { timeout: 10_000 }).toBe('broken');
  });

  it('a disposed instance is broken: nothing is prepared for it, and begin enters nothing', async () => {
    const instance = await create();
    await runOne(instance);
    instance.dispose();
    expect(instance.state).toBe('broken');
    await turn();
    await instance.begin();
    expect(instance.state).toBe('broken');
  });
});
