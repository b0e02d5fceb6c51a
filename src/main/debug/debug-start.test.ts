import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from '../store';
import { DEFAULT_SANDBOX_SETTINGS } from '../../shared/api/sandbox-settings';
import type { DebugSessionEvent } from '../../shared/api/debug';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { openStream, startSession, stopSessions } from '../testing/debug-helpers';
import { createDebugSessions } from './debug-sessions';
import { createDebugProcesses } from './debug-child';

// A debug session's start on a loaded machine: a new debug process took 3-6 s to load at load 12-16
// (from TypeScript source in tests), once more than 15 s in CI. Until it has, the session's event
// stream is open and the session waits for its window; a process that never loads ends the session
// with a message. Each case has a new process pool (no spare process ready in advance).
const dir = mkdtempSync(join(tmpdir(), 'debug-start-'));
const store = createStore(join(dir, 'studio.db'));
let harness: TestStudio;
beforeAll(async () => {
  harness = await startTestStudio();
});
afterEach(async () => {
  await stopSessions(harness);
});
afterAll(async () => {
  await harness?.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});
const PAUSING = { code: 'export function transformEvent(e) { debugger; return e; }', event: {}, breakpoints: [] };
const pool = () => {
  const processes = createDebugProcesses();
  return { processes, deps: { processes, libraryCode: store.libraryCode, settings: () => DEFAULT_SANDBOX_SETTINGS, credentials: () => ({}) } };
};
/** The first event that is not a CDP notification, or a pause. */
const settled = (events: DebugSessionEvent[]) => events.find((e) => e.kind !== 'cdp' || e.method === 'Debugger.paused');

describe('a debug session while its process starts', () => {
  it('is not ended as unwatched before its process is ready, however long the start takes', async () => {
    const { processes, deps } = pool();
    const sessions = createDebugSessions(deps, { unwatchedMs: 300 });
    try {
      // Longer than the unwatched time passes before the process could have said it is ready.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let id: string;
      try {
        id = sessions.start(PAUSING).id;
        vi.advanceTimersByTime(2_000);
      } finally {
        vi.useRealTimers();
      }
      const events: DebugSessionEvent[] = [];
      sessions.listen(id, (e) => events.push(e));
      await expect.poll(() => settled(events), { timeout: 20_000 }).toMatchObject({ kind: 'cdp', method: 'Debugger.paused' });
    } finally {
      sessions.close();
      processes.close();
    }
  });

  it('ends with a message when its process does not start in time, and leaves no process', async () => {
    const { processes, deps } = pool();
    const sessions = createDebugSessions(deps, { startMs: 500 });
    try {
      const { id } = sessions.start(PAUSING);
      const [pid] = sessions.pids();
      process.kill(pid!, 'SIGSTOP'); // a process that never loads
      const events: DebugSessionEvent[] = [];
      sessions.listen(id, (e) => events.push(e));
      await expect.poll(() => settled(events), { timeout: 15_000 }).toEqual({
        kind: 'ended',
        message: 'The debug process did not start within 0.5 s: the debug session ended. Try again.',
      });
      await expect.poll(() => sessions.pids(), { timeout: 15_000 }).toEqual([]);
    } finally {
      sessions.close();
      processes.close();
    }
  });

  it('has its event stream open (200) before its process has started; it pauses once the process runs', async () => {
    const id = await startSession(harness, PAUSING);
    const [pid] = harness.studio.debugProcesses();
    process.kill(pid!, 'SIGSTOP');
    try {
      let open = false;
      const stream = openStream(harness, id).then((opened) => ((open = true), opened));
      // Before: the headers came with the first event, so the stream opened only once the process had started.
      await expect.poll(() => open, { timeout: 15_000 }).toBe(true);
      process.kill(pid!, 'SIGCONT');
      expect((await (await stream).paused()).reason).toBe('other');
    } finally {
      process.kill(pid!, 'SIGCONT');
    }
  });
});
