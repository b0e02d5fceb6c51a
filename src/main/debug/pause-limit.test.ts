import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { DEFAULT_SANDBOX_SETTINGS } from '../../shared/api/sandbox-settings';
import type { DebugSessionEvent } from '../../shared/api/debug';
import { createDebugSessions } from './debug-sessions';
import { createDebugProcesses } from './debug-child';

// The pause limit (15 minutes in the studio) and the closed window, with short limits.
const dir = mkdtempSync(join(tmpdir(), 'debug-limits-'));
const store = createStore(join(dir, 'studio.db'));
afterAll(() => {
  processes.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});
const processes = createDebugProcesses();
const deps = { processes, libraryCode: store.libraryCode, settings: () => DEFAULT_SANDBOX_SETTINGS, credentials: () => ({}) };
const PAUSING = { code: 'export function transformEvent(e) { debugger; return e; }', event: {}, breakpoints: [] };

const until = (events: DebugSessionEvent[], match: (e: DebugSessionEvent) => boolean) =>
  new Promise<DebugSessionEvent>((resolve) => {
    const check = setInterval(() => {
      const found = events.find(match);
      if (found) {
        clearInterval(check);
        resolve(found);
      }
    }, 10);
  });

describe('debug session limits', () => {
  it('a pause longer than the limit ends the run and its process', async () => {
    const sessions = createDebugSessions(deps, { maxPauseMs: 600 });
    const events: DebugSessionEvent[] = [];
    const { id } = sessions.start(PAUSING);
    sessions.listen(id, (e) => events.push(e));
    await until(events, (e) => e.kind === 'cdp' && e.method === 'Debugger.paused');
    expect(sessions.pids()).toHaveLength(1);
    const ended = await until(events, (e) => e.kind !== 'cdp');
    expect(ended).toEqual({ kind: 'ended', message: 'The debug run was paused for more than 600 ms and was ended.' });
    await until(events, () => sessions.pids().length === 0);
    sessions.close();
  });

  it('a session nobody listens to (the window closed) ends', async () => {
    const sessions = createDebugSessions(deps, { unwatchedMs: 300 });
    const events: DebugSessionEvent[] = [];
    const { id } = sessions.start(PAUSING);
    const stop = sessions.listen(id, (e) => events.push(e));
    await until(events, (e) => e.kind === 'cdp' && e.method === 'Debugger.paused');
    stop();
    sessions.listen(id, () => {})(); // a reconnect that goes again
    await until(events, () => sessions.pids().length === 0);
    const again: DebugSessionEvent[] = [];
    sessions.listen(id, (e) => again.push(e)); // a late reader still learns how it ended
    expect(again.at(-1)).toEqual({ kind: 'ended', message: 'The debug session ended: its window closed.' });
    sessions.close();
  });
});
