import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';

// The runtime in the isolate (runtime/*.js) calls only built-ins it captured before user code
// ran: a module that replaces the realm's Array, Map, String, Promise and JSON methods (and the
// array iterator) at load time still gets every output, error, log line and metadata right. On
// the runtime before this folder existed, `flatten` and `batchResult` used push/map/for…of.

const h = sandboxHarness({ timeoutMs: 2000 });
afterAll(() => h.sandbox.close());

const SABOTAGE = `
const broken = () => { throw new Error('sabotaged'); };
Array.prototype.push = broken;
Array.prototype.map = broken;
Array.prototype.slice = broken;
Array.prototype.join = broken;
Array.prototype.concat = broken;
Array.prototype[Symbol.iterator] = broken;
Map.prototype.get = broken;
Map.prototype.set = broken;
Map.prototype.delete = broken;
String.prototype.split = broken;
String.prototype.includes = broken;
Object.assign = broken;
Promise.all = broken;
Promise.resolve = broken;
Promise.prototype.then = broken;
JSON.stringify = broken;
JSON.parse = broken;
`;

const events = Array.from({ length: 60 }, (_, i) => ({ messageId: `m${i}`, type: 'track', event: `E${i}`, n: i }));

describe('the runtime is hardened against user code replacing built-ins', () => {
  it('transformEvent: splits, errors, logs and metadata, in parts, after the sabotage', async () => {
    const out = await h.run(
      `${SABOTAGE}
      export function transformEvent(e, metadata) {
        log('seen', e.n);
        if (e.n % 10 === 3) throw new Error('bad ' + e.n);
        if (e.n % 10 === 5) return [{ ...e, part: 1 }, { ...e, part: 2 }];
        return { ...e, id: metadata(e).messageId };
      }`,
      events,
    );
    const outputs = out.results.filter((r) => r.output);
    const errors = out.results.filter((r) => r.error);
    expect(errors.map((r) => r.index)).toEqual([3, 13, 23, 33, 43, 53]);
    expect(errors[0]!.error).toMatch(/^Error: bad 3\n/);
    expect(outputs).toHaveLength(60 - 6 + 6);
    expect(outputs[0]!.output).toMatchObject({ n: 0, id: 'm0' });
    expect(outputs.filter((r) => r.output!.part === 2).map((r) => r.index)).toEqual([5, 15, 25, 35, 45, 55]);
    expect(out.logs).toHaveLength(60);
    expect(out.logs[7]).toBe('Log: seen 7');
    expect(out.logEvents?.[7]).toBe(7);
  });

  it('async transformEvent and transformBatch after the sabotage', async () => {
    const each = await h.run(`${SABOTAGE}\nexport async function transformEvent(e) { await null; return { ...e, later: true }; }`, events.slice(0, 30));
    expect(each.results.map((r) => r.output?.later)).toEqual(Array(30).fill(true));
    const batch = await h.run(`${SABOTAGE}\nexport async function transformBatch(list, metadata) { await null; const out = []; for (let i = 0; i < list.length; i++) out[i] = { ...list[i], m: metadata(list[i]).eventName }; return out; }`, events.slice(0, 30));
    expect(batch.results).toHaveLength(30);
    expect(batch.results[29]).toMatchObject({ output: { m: 'E29' }, index: 29 });
  });
});
