import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../index';

// No state between batches, as hosted (rudder-transformer resets the context between executions):
// a batch that sets Object.prototype.toJSON, replaces a builtin or keeps a module-level counter
// does not affect the next batch of the same code, which runs on the same warm isolate.

const sandbox = createSandbox({ processes: 1 });
afterAll(() => sandbox.close());

const CODE = `let batches = 0;
export function transformEvent(e) {
  batches++;
  if (e.poison) {
    Object.prototype.toJSON = function () { return 'poisoned'; };
    Array.prototype.map = function () { return []; };
    globalThis.cache = 'kept';
  }
  return { ...e, batches, cache: globalThis.cache ?? null, mapped: [1, 2].map((x) => x * 2) };
}`;
const made = () => sandbox.processes().reduce((sum, p) => sum + p.isolatesMade, 0);

describe('each batch in a fresh context', () => {
  it('a batch that sets Object.prototype.toJSON (and more) does not affect the next batch', async () => {
    // Its own answer is whatever the poisoned toJSON makes of it (here: a run that cannot be read).
    await sandbox.transform({ code: CODE, events: [{ messageId: 'w' }] });
    const isolates = made();
    await sandbox.transform({ code: CODE, events: [{ messageId: 'a', poison: true }] }).catch(() => undefined);
    for (const transform of [
      () => sandbox.transform({ code: CODE, events: [{ messageId: 'b' }, { messageId: 'c' }] }),
      () => sandbox.transform({ code: CODE, events: Array.from({ length: 150 }, (_, i) => ({ messageId: `s${i}` })) }), // in pieces
    ]) {
      const next = await transform();
      for (const result of next.results) {
        expect(result.error).toBeUndefined();
        expect(result.output).toMatchObject({ cache: null, mapped: [2, 4] });
      }
      expect(next.results[0]!.output!.batches).toBe(1);
    }
    expect(made()).toBe(isolates); // the same warm isolate
  });

  it('grouped runs (pipeline, replay) start over too', async () => {
    const grouped = (events: Record<string, unknown>[]) =>
      sandbox.transformGrouped({ code: CODE, events: { json: events.map((e) => JSON.stringify(e)) }, metadata: events.map((e) => ({ messageId: String(e.messageId) })) });
    await grouped([{ messageId: 'g1', poison: true }]).catch(() => undefined);
    const next = await grouped([{ messageId: 'g2' }]);
    expect(JSON.parse(next.outputs[0]!.toString())).toEqual([{ messageId: 'g2', batches: 1, cache: null, mapped: [2, 4] }]);
  });
});
