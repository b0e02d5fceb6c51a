import { afterAll, describe, expect, it } from 'vitest';
import { eventUtils, sandboxHarness } from '../../testing/sandbox-helpers';

// One test per rule of compatibility.md, "Sandbox: what user code may rely on (codeVersion "1")".

const h = sandboxHarness({ credentials: () => ({ apiKey: 'stored-secret' }) });
afterAll(() => h.sandbox.close());

const ev = (id: string, extra: Record<string, unknown> = {}) => ({ messageId: id, type: 'track', event: 'Clicked', ...extra });

describe('module shape', () => {
  it('accepts a module exporting transformEvent or transformBatch', async () => {
    expect((await h.run('export function transformEvent(e) { return e; }')).results).toHaveLength(1);
    expect((await h.run('export function transformBatch(es) { return es; }')).results).toHaveLength(1);
  });

  it('rejects a module with neither export, naming what it found', async () => {
    expect(await h.fatal('export function transform(e) { return e; }')).toBe('Expected one of transformEvent,transformBatch. Found ');
  });

  it('rejects a module with both exports', async () => {
    expect(await h.fatal('export function transformEvent(e) { return e; }\nexport function transformBatch(e) { return e; }')).toBe(
      'Expected one of transformEvent,transformBatch. Found transformEvent,transformBatch',
    );
  });

  it('does not count a non-function export', async () => {
    expect(await h.fatal('export const transformEvent = 42;')).toBe('Expected one of transformEvent,transformBatch. Found ');
  });

  it('reports a syntax error with its position in the named module', async () => {
    expect(await h.fatal('export function transformEvent(e) {\n  return e +;\n}', undefined, { name: 'My T' })).toBe(
      "SyntaxError: Unexpected token ';' [My T:2:13]",
    );
  });

  it('reports an error thrown while the module evaluates', async () => {
    expect(await h.fatal('throw new Error("at load");\nexport function transformEvent(e) { return e; }')).toBe(
      'Error: at load\n    at base transformation:1:7',
    );
  });
});

describe('transformEvent', () => {
  it('drops an event when it returns null or undefined', async () => {
    const out = await h.run('export function transformEvent(e) { return e.n === 1 ? null : e.n === 2 ? undefined : e; }', [
      ev('a', { n: 1 }),
      ev('b', { n: 2 }),
      ev('c', { n: 3 }),
    ]);
    expect(out.results.map((r) => r.output?.messageId)).toEqual(['c']);
  });

  it('uses a returned object as the output event', async () => {
    const out = await h.run('export function transformEvent(e) { return { ...e, added: true }; }', [ev('a')]);
    expect(out.results).toEqual([{ output: { ...ev('a'), added: true }, index: 0, statusCode: 200 }]);
  });

  it('splits an event when it returns an array of objects', async () => {
    const out = await h.run('export function transformEvent(e) { return [{ ...e, i: 1 }, { ...e, i: 2 }]; }', [ev('a')]);
    expect(out.results.map((r) => r.output?.i)).toEqual([1, 2]);
  });

  it('replaces the whole array by one error when an element is not a plain object', async () => {
    for (const bad of ['1', '"x"', 'null', '[]']) {
      const out = await h.run(`export function transformEvent(e) { return [{ ...e }, ${bad}]; }`, [ev('a')]);
      expect(out.results).toEqual([
        { error: 'returned event in events array from transformEvent(event) is not an object', index: 0, statusCode: 400 },
      ]);
    }
  });

  it('reports any other returned value as not an object', async () => {
    for (const value of ['42', '"text"', 'true', '() => 1']) {
      const out = await h.run(`export function transformEvent(e) { return ${value}; }`, [ev('a')]);
      expect(out.results[0]!.error).toBe('returned event from transformEvent(event) is not an object');
    }
  });

  it('turns a throw into a per-event stack trace cut after the user function; other events succeed', async () => {
    const out = await h.run('export function transformEvent(e) {\n  if (e.bad) throw new Error("boom");\n  return e;\n}', [ev('a'), ev('b', { bad: true }), ev('c')]);
    expect(out.results.map((r) => r.output?.messageId ?? r.error)).toEqual(['a', 'Error: boom\n    at transformEvent (base transformation:2:20)', 'c']);
    expect(out.results[1]!.statusCode).toBe(400);
  });

  it('names the module after the transformation in stack traces', async () => {
    const out = await h.run('export function transformEvent(e) {\n  throw new Error("boom");\n}', [ev('a')], { name: 'Mask PII' });
    expect(out.results[0]!.error).toBe('Error: boom\n    at transformEvent (Mask PII:2:9)');
  });

  it('runs events concurrently and awaits returned promises, keeping input order', async () => {
    const code = `
      let active = 0, most = 0;
      export async function transformEvent(e) {
        active++; most = Math.max(most, active);
        for (let i = 0; i < e.n; i++) await null;
        active--;
        return { ...e, most };
      }`;
    const out = await h.run(code, [ev('a', { n: 5 }), ev('b', { n: 1 }), ev('c', { n: 3 })]);
    expect(out.results.map((r) => r.output?.messageId)).toEqual(['a', 'b', 'c']);
    expect(out.results.map((r) => r.output?.most)).toEqual([3, 3, 3]);
  });

  it('turns a rejected promise into a per-event error', async () => {
    const out = await h.run('export async function transformEvent(e) {\n  await null;\n  throw new Error("late");\n}', [ev('a')]);
    expect(out.results[0]!.error).toMatch(/^Error: late\n {4}at (async )?transformEvent \(base transformation:3:9\)$/);
  });
});

describe('transformBatch', () => {
  it('gets all events at once and returns the output events', async () => {
    const out = await h.run('export function transformBatch(es) { return es.filter((e) => e.keep).map((e) => ({ ...e, size: es.length })); }', [
      ev('a', { keep: true }),
      ev('b'),
      ev('c', { keep: true }),
    ]);
    expect(out.results.map((r) => [r.output?.messageId, r.output?.size])).toEqual([['a', 3], ['c', 3]]);
  });

  it('turns a throw into one error', async () => {
    const out = await h.run('export function transformBatch(es) {\n  throw new Error("batch boom");\n}', [ev('a'), ev('b')]);
    expect(out.results).toEqual([{ error: 'Error: batch boom\n    at transformBatch (base transformation:2:9)', index: -1, statusCode: 400 }]);
  });

  it('reports a non-array result', async () => {
    const out = await h.run('export function transformBatch(es) { return es[0]; }', [ev('a')]);
    expect(out.results).toEqual([{ error: 'returned events from transformBatch(event) is not an array', index: -1, statusCode: 400 }]);
  });

  it('reports each non-object element', async () => {
    const out = await h.run('export function transformBatch(es) { return [es[0], 7, es[1]]; }', [ev('a'), ev('b')]);
    expect(out.results.map((r) => r.output?.messageId ?? r.error)).toEqual([
      'a',
      'returned event in events array from transformBatch(events) is not an object',
      'b',
    ]);
  });
});

describe('metadata', () => {
  const given = [
    { sourceId: 's1', destinationId: 'd1', transformationId: 't1', workspaceId: 'w1' },
    { sourceId: 's2', destinationId: 'd2', transformationId: 't1', workspaceId: 'w1' },
  ];

  it('gives each output the index of the input it came from (transformBatch outputs by messageId), and metadata(event) that input\'s metadata', async () => {
    const code = 'export function transformBatch(es, metadata) { return [{ ...es[1], m: metadata(es[1]) }, es[0], { messageId: "new" }]; }';
    const out = await h.run(code, [ev('a'), ev('b')], { metadata: given });
    expect(out.results.map((r) => r.index)).toEqual([1, 0, -1]);
    expect(out.results[0]!.output!.m).toMatchObject({ messageId: 'b', eventType: 'track', eventName: 'Clicked', destinationId: 'd2', sourceId: 's2' });
  });

  it('keeps the source event metadata on every event split from it', async () => {
    const out = await h.run('export function transformEvent(e) { return [{ ...e, messageId: e.messageId + "-0" }, { ...e, messageId: e.messageId + "-1" }]; }', [ev('a'), ev('b')], { metadata: given });
    expect(out.results.map((r) => r.index)).toEqual([0, 0, 1, 1]);
  });

  // Hosted (ivmFactory.js transformWrapper): `return { sourceId: eventMetadata.sourceId, sourceName: …,
  // workspaceId: …, sourceType: …, …, transformationId: …, transformationVersionId: … }`: 29 keys in this order.
  it('metadata(event) returns exactly the hosted fields of that event, in the hosted order', async () => {
    const out = await h.run('export function transformEvent(e, metadata) { return { m: metadata(e), keys: Object.keys(metadata(e)), none: metadata({ messageId: "zzz" }) }; }', [ev('b', { rudderId: 'r1', receivedAt: '2026-01-01T00:00:00.000Z' })], {
      metadata: [given[1]!],
    });
    const output = out.results[0]!.output!;
    expect(output.keys).toEqual([
      'sourceId', 'sourceName', 'workspaceId', 'sourceType', 'sourceCategory', 'destinationId', 'destinationType', 'destinationName',
      'namespace', 'originalSourceId', 'trackingPlanId', 'trackingPlanVersion', 'sourceTpConfig', 'mergedTpConfig', 'jobId',
      'sourceJobId', 'sourceJobRunId', 'sourceTaskRunId', 'recordId', 'messageId', 'messageIds', 'rudderId', 'receivedAt',
      'eventName', 'eventType', 'sourceDefinitionId', 'destinationDefinitionId', 'transformationId', 'transformationVersionId',
    ]);
    expect(output.m).toEqual({ sourceId: 's2', destinationId: 'd2', transformationId: 't1', workspaceId: 'w1', messageId: 'b', rudderId: 'r1', receivedAt: '2026-01-01T00:00:00.000Z', eventName: 'Clicked', eventType: 'track' });
    expect(output.none).toEqual({});
  });
});

describe('globals', () => {
  it('records log(...) calls as "Log: a b", objects through JSON.stringify', async () => {
    const out = await h.run('export function transformEvent(e) { log("a", 1, { x: [1] }, null, undefined, true); log(); return e; }');
    expect(out.logs).toEqual(['Log: a 1 {"x":[1]} null undefined true', 'Log:']);
  });

  it('getCredential(key) reads the stored credentials, undefined when unknown', async () => {
    const out = await h.run('export function transformEvent(e) { return { a: getCredential("apiKey"), b: getCredential("nope") === undefined }; }');
    expect(out.results[0]!.output).toEqual({ a: 'stored-secret', b: true });
  });

  it('getCredential uses the credentials given with the run instead of the stored ones', async () => {
    const out = await h.run('export function transformEvent(e) { return { a: getCredential("apiKey") ?? "none", b: getCredential("other") }; }', undefined, {
      credentials: { other: 'given' },
    });
    expect(out.results[0]!.output).toEqual({ a: 'none', b: 'given' });
  });

  it('getCredential(null or undefined) throws TypeError "Key should be valid and defined"', async () => {
    const out = await h.run('export function transformEvent(e) { const r = []; for (const k of [null, undefined]) { try { getCredential(k); } catch (err) { r.push(err instanceof TypeError, err.message); } } return { r }; }');
    expect(out.results[0]!.output!.r).toEqual([true, 'Key should be valid and defined', true, 'Key should be valid and defined']);
  });
});

describe('libraries', () => {
  it('resolves an import by the library import name', async () => {
    const out = await h.run('import { maskEmail } from "eventUtils";\nexport function transformEvent(e) { return { m: maskEmail(" Ada@Example.com ") }; }', undefined, { libraries: [eventUtils()] });
    expect(out.results[0]!.output).toEqual({ m: 'a***@example.com' });
  });

  it('loads a library only when it is imported', async () => {
    const broken = { importName: 'broken', code: 'this is not javascript' };
    const sideEffect = { importName: 'marker', code: 'globalThis.markerLoaded = true; export const x = 1;' };
    const out = await h.run('export function transformEvent(e) { return { loaded: globalThis.markerLoaded === true }; }', undefined, { libraries: [broken, sideEffect] });
    expect(out.results[0]!.output).toEqual({ loaded: false });
  });

  it('fails an unknown import naming the module', async () => {
    expect(await h.fatal('import { x } from "missingLib";\nexport function transformEvent(e) { return e; }')).toBe('import from missingLib failed. Module not found.');
  });

  it('fails a built-in @rs/... import with a not-available-offline message', async () => {
    const message = await h.fatal('import { sha256 } from "@rs/hash/v1";\nexport function transformEvent(e) { return e; }');
    expect(message).toMatch(/^import from @rs\/hash\/v1 failed\. .*not available offline/);
  });

  it('names a library as "library <importName>" in stack traces', async () => {
    const lib = { importName: 'thrower', code: 'export function boom() {\n  throw new Error("from lib");\n}' };
    const out = await h.run('import { boom } from "thrower";\nexport function transformEvent(e) {\n  boom();\n}', undefined, { libraries: [lib] });
    expect(out.results[0]!.error).toBe('Error: from lib\n    at boom (library thrower:2:9)\n    at transformEvent (base transformation:3:3)');
  });

  it('library test: the code must compile and evaluate as a module in a fresh isolate', async () => {
    await expect(h.sandbox.testLibrary(eventUtils())).resolves.toBeUndefined();
    await expect(h.sandbox.testLibrary({ importName: 'bad', code: 'export const = 1' })).rejects.toMatchObject({ code: 'sandbox_error', message: expect.stringMatching(/^SyntaxError: .*\[library bad:1:14\]$/) });
    await expect(h.sandbox.testLibrary({ importName: 'throws', code: 'throw new Error("at load")' })).rejects.toMatchObject({ message: 'Error: at load\n    at library throws:1:7' });
    await expect(h.sandbox.testLibrary({ importName: 'imports', code: 'import x from "other"; export default x;' })).rejects.toMatchObject({ message: 'import from other failed. Module not found.' });
  });
});

describe('no host environment', () => {
  it('offers no require, process, file system or timers', async () => {
    const out = await h.run(`export function transformEvent() {
      return { types: ['require', 'process', 'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'Buffer', 'module', 'exports', '__dirname', 'fs'].map((n) => typeof globalThis[n]) };
    }`);
    expect(new Set(out.results[0]!.output!.types as string[])).toEqual(new Set(['undefined']));
  });
});
