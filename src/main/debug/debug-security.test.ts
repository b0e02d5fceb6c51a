import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { openStream } from '../testing/debug-helpers';
import { socketsOf } from '../testing/proc-sockets';

let harness: TestStudio;
beforeAll(async () => {
  harness = await startTestStudio();
});
afterAll(async () => {
  await harness?.close();
});

const startPaused = async (code = 'export function transformEvent(e) { debugger; return e; }') => {
  const answer = await harness.call('POST', '/studio/api/debug/sessions', { code, event: { userId: 'u' }, breakpoints: [] });
  expect(answer.status, answer.text).toBe(200);
  const stream = await openStream(harness, answer.body.id);
  await stream.paused();
  return { id: answer.body.id as string, stream };
};

/** Every .ts file under a folder (tests left out). */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

describe('debug process security', () => {
  it('the debug process opens no listening socket (checked in /proc/net), while the core does', async () => {
    const { id, stream } = await startPaused();
    const [pid] = harness.studio.debugProcesses();
    expect(pid).toBeDefined();
    const debugSockets = socketsOf(pid!);
    expect(debugSockets.count).toBeGreaterThan(0); // its IPC channel: the scan sees sockets
    expect(debugSockets.listening).toEqual([]);
    expect(socketsOf(process.pid).listening.length).toBeGreaterThan(0); // the core's HTTP server: the scan sees listeners
    await harness.call('DELETE', `/studio/api/debug/sessions/${id}`);
    stream.close();
  });

  it('user code under the debugger sees the same globals as in an ordinary run, and no inspector', async () => {
    const code = `export async function transformEvent(e) {
      let imported = 'no error';
      try { await import('node:inspector'); } catch (error) { imported = String(error.message); }
      return { globals: Object.getOwnPropertyNames(globalThis).sort().join(','), process: typeof process, require: typeof require, imported };
    }`;
    const ordinary = await harness.call('POST', '/studio/api/test', { code, events: [{}] });
    const answer = await harness.call('POST', '/studio/api/debug/sessions', { code, event: {}, breakpoints: [] });
    const stream = await openStream(harness, answer.body.id);
    const done = (await stream.next((e) => e.kind === 'done')) as { result: { transformedEvents: Record<string, string>[] } };
    const seen = done.result.transformedEvents[0]!;
    expect(seen).toEqual(ordinary.body.transformedEvents[0]);
    expect(seen.globals!.split(',')).not.toContain('inspector');
    expect(seen.process).toBe('undefined');
    expect(seen.imported).toBe('Not supported'); // dynamic import is refused in the isolate
    stream.close();
  });

  it('only the debug room turns the inspector on: no other source names it', () => {
    const root = join(__dirname, '..');
    const naming = sources(root).filter((file) => /createInspectorSession|inspector:\s*true|\binspect\??[.:(]/.test(readFileSync(file, 'utf8')));
    const outside = naming.map((file) => relative(root, file)).filter((file) => !file.startsWith('debug/'));
    // The instance files only carry the option the debug room sets (InstanceSpec.inspect).
    expect(outside.sort()).toEqual(['sandbox/isolate/instance-spec.ts', 'sandbox/isolate/instance.ts', 'sandbox/isolate/realm.ts']);
    const instance = ['instance.ts', 'realm.ts'].map((file) => readFileSync(join(root, 'sandbox/isolate', file), 'utf8')).join('\n');
    expect(instance.match(/inspector: true/g)).toHaveLength(2); // the isolate and its contexts, both under spec.inspect
    expect(readFileSync(join(root, 'sandbox/protocol/messages.ts'), 'utf8')).not.toMatch(/inspect/);
  });

  it('a crash of the debug process ends only its session, with a clear message', async () => {
    const { stream } = await startPaused();
    const [pid] = harness.studio.debugProcesses();
    process.kill(pid!, 'SIGKILL');
    const ended = await stream.next((e) => e.kind === 'ended');
    expect(ended).toEqual({ kind: 'ended', message: 'The debug process stopped unexpectedly (killed by SIGKILL): the debug session ended. Other runs are not affected.' });
    const after = await harness.call('POST', '/studio/api/test', { code: 'export function transformEvent(e) { return { ...e, ok: 1 }; }', events: [{ a: 1 }] });
    expect(after.body.transformedEvents).toEqual([{ a: 1, ok: 1 }]);
    expect(harness.studio.debugProcesses()).toEqual([]);
    stream.close();
  });
});
