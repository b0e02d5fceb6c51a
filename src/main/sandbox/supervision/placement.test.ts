import { describe, expect, it } from 'vitest';
import { choose, keyIndex, leastLoaded, SYNC_QUIET_MS, type Choice, type PlacementRequest, type PoolView, type SlotView, type WarmView } from './placement';
import { lastConcurrentAt, retireWhenIdle, shouldRecycle } from './policies';

// Placement is a pure function of a snapshot: these tables start no process.

const NOW = 100_000;
const QUIET = NOW - SYNC_QUIET_MS; // runs last overlapped exactly the quiet window ago
const RECENT = NOW - 10;
const ready: SlotView = { state: 'ready', running: 0 };
const busy: SlotView = { state: 'ready', running: 2 };
const blocked: SlotView = { state: 'blocked', running: 1 };
const starting: SlotView = { state: 'starting', running: 0 };
const retiring: SlotView = { state: 'retiring', running: 1 };

const pool = (keyed: (SlotView | undefined)[], extra: Partial<PoolView> = {}): PoolView => ({ keyed, lastConcurrent: QUIET, syncRuns: true, ...extra });
const warmAt = (at: WarmView['at'], broken = false): WarmView => ({ at, broken });
const go = (slot: number | 'spare', more: Partial<{ start: boolean; useWarm: boolean; sync: boolean }> = {}): Choice => ({ go: slot, start: false, useWarm: false, sync: false, ...more });

// keyIndex('b', 2) = 98 % 2 = 0 and keyIndex('a', 2) = 97 % 2 = 1 (hash*31 + char code).
const rows: [string, PoolView, PlacementRequest, WarmView | undefined, Choice][] = [
  ['cold: nothing started, the key\'s process is started', pool([undefined]), { key: 'k' }, undefined, go(0, { start: true })],
  ['cold: the key\'s process is ready, a new isolate is made asynchronously (no sync)', pool([ready]), { key: 'k' }, undefined, go(0)],
  ['cold: keys spread by hash over the keyed processes', pool([ready, ready]), { key: 'a' }, undefined, go(1)],
  ['cold: another key hashes to the other process, started on demand', pool([ready, undefined]), { key: 'b' }, undefined, go(0)],
  ['warm, idle ready process, quiet window passed: on the process\'s thread', pool([ready]), { key: 'k' }, warmAt(0), go(0, { useWarm: true, sync: true })],
  ['warm, quiet window not passed: on the isolate\'s thread', pool([ready], { lastConcurrent: RECENT }), { key: 'k' }, warmAt(0), go(0, { useWarm: true })],
  ['warm in a busy process: runs beside the others', pool([busy]), { key: 'k' }, warmAt(0), go(0, { useWarm: true })],
  ['warm in a process still starting: no sync', pool([starting]), { key: 'k' }, warmAt(0), go(0, { useWarm: true })],
  ['warm in the process its key does not hash to: that process', pool([ready, ready]), { key: 'a' }, warmAt(0), go(0, { useWarm: true, sync: true })],
  ['warm in the background (replay) process: not used, the key\'s process', pool([ready]), { key: 'k' }, warmAt('background'), go(0)],
  ['warm but its process is going: not used', pool([ready]), { key: 'k' }, warmAt(0, true), go(0)],
  ['sync runs off: never on the thread', pool([ready], { syncRuns: false }), { key: 'k' }, warmAt(0), go(0, { useWarm: true })],
  ['grouped (replay-shaped) runs never go on the thread', pool([ready]), { key: 'k', group: true }, warmAt(0), go(0, { useWarm: true })],
  ['blocked: wait for it a moment first', pool([blocked]), { key: 'k' }, warmAt(0), { wait: 0 }],
  ['blocked, grouped: keeps its order in the blocked process', pool([blocked]), { key: 'k', group: true }, warmAt(0), go(0, { useWarm: true })],
  ['blocked, waited: an idle keyed process', pool([blocked, ready]), { key: 'b', waited: 0 }, undefined, go(1)],
  ['blocked, waited: a busy process that is not blocked', pool([blocked, busy]), { key: 'b', waited: 0 }, undefined, go(1)],
  ['blocked, waited: an idle one before a busy one', pool([blocked, busy], { spare: ready }), { key: 'b', waited: 0 }, undefined, go('spare')],
  ['blocked, waited: a keyed process not started yet', pool([blocked, undefined]), { key: 'b', waited: 0 }, undefined, go(1, { start: true })],
  ['blocked, waited, every keyed one blocked: the spare is started', pool([blocked]), { key: 'k', waited: 0 }, warmAt(0), go('spare', { start: true })],
  ['blocked, waited: the spare, already running', pool([blocked], { spare: ready }), { key: 'k', waited: 0 }, warmAt(0), go('spare')],
  ['blocked, waited, spare blocked too: the blocked one, to wait in its queue', pool([blocked], { spare: blocked }), { key: 'k', waited: 0 }, warmAt(0), go(0, { useWarm: true })],
  ['waited, no longer blocked: its own process, warm, on the thread', pool([ready]), { key: 'k', waited: 0 }, warmAt(0), go(0, { useWarm: true, sync: true })],
  ['waited, its process exited meanwhile: an open one', pool([undefined, ready]), { key: 'b', waited: 0 }, undefined, go(1)],
  ['a retiring process takes no work: a new one in its place', pool([retiring]), { key: 'k' }, undefined, go(0, { start: true })],
  ['concurrent: the key\'s process is busy, another is idle: the idle one (a cold isolate there)', pool([busy, ready]), { key: 'b' }, warmAt(0), go(1)],
  ['concurrent: the key\'s process is busy, another not started: started for it', pool([busy, undefined]), { key: 'b' }, undefined, go(1, { start: true })],
  ['concurrent: every keyed process busy: its own, warm', pool([busy, busy]), { key: 'b' }, warmAt(0), go(0, { useWarm: true })],
  ['concurrent, grouped: keeps its order in its own process', pool([busy, ready]), { key: 'b', group: true }, warmAt(0), go(0, { useWarm: true })],
  ['library test: the least busy keyed process', pool([busy, ready]), { key: undefined }, undefined, go(1)],
  ['library test: a process not started counts as idle', pool([busy, undefined]), { key: undefined }, undefined, go(1, { start: true })],
  ['library test: the least busy is blocked: wait for it', pool([{ state: 'blocked', running: 0 }, busy]), { key: undefined }, undefined, { wait: 0 }],
];

describe('placement: choose(slots, key, warm, now)', () => {
  it.each(rows)('%s', (_name, slots, request, warm, expected) => {
    expect(choose(slots, request, warm, NOW)).toEqual(expected);
  });

  it('leastLoaded: a worker\'s jobs spread over the background processes, a started one first on a tie', () => {
    expect(leastLoaded([undefined])).toBe(0);
    expect(leastLoaded([ready, undefined])).toBe(0); // idle and started: no new process
    expect(leastLoaded([{ state: 'ready', running: 1 }, undefined])).toBe(1); // busy: the next one is started
    expect(leastLoaded([busy, { state: 'ready', running: 1 }])).toBe(1);
    expect(leastLoaded([retiring, ready])).toBe(1);
    expect(leastLoaded([{ state: 'ready', running: 1 }, { state: 'ready', running: 1 }])).toBe(0);
  });

  it('keyIndex: a key always goes to the same process, and 300 keys spread over 3 processes', () => {
    expect(keyIndex('a', 2)).toBe(1);
    expect(keyIndex('b', 2)).toBe(0);
    const keys = Array.from({ length: 300 }, (_, i) => `transformation-${i}`);
    expect(keys.map((k) => keyIndex(k, 3))).toEqual(keys.map((k) => keyIndex(k, 3)));
    const perProcess = [0, 1, 2].map((slot) => keys.filter((k) => keyIndex(k, 3) === slot).length);
    for (const n of perProcess) expect(n, `keys per process: ${perProcess.join(', ')}`).toBeGreaterThanOrEqual(50);
  });
});

describe('policies', () => {
  it.each([
    ['a run in flight is concurrency now', [busy], -Infinity, NOW],
    ['a blocked process has a run in flight', [undefined, blocked], 5, NOW],
    ['nothing in flight keeps the last time', [ready, undefined], 5, 5],
    ['an exited process does not count', [{ state: 'exited', running: 1 } as SlotView], 5, 5],
  ] as const)('quiet rule: %s', (_name, slots, last, expected) => {
    expect(lastConcurrentAt(slots, last, NOW)).toBe(expected);
  });

  const memory = (rssMb: number, heapMb: number, more: Partial<SlotView & { background: boolean }> = {}) => ({ state: 'ready' as const, running: 0, rssMb, heapMb, background: false, ...more });
  it.each([
    ['under the limit', memory(200, 100), 1, false],
    ['over the limit beyond its heaps', memory(300, 100), 1, true],
    ['a retiring process is not recycled again', memory(300, 100, { state: 'retiring' }), 1, false],
    ['the replay process with work in flight: only past twice the limit', memory(300, 100, { background: true, running: 1 }), 1, false],
    ['the replay process within a run, past twice the limit', memory(500, 100, { background: true, running: 1 }), 2, true],
    ['the replay process within a run, under twice the limit', memory(400, 100, { background: true, running: 1 }), 2, false],
  ] as const)('recycling: %s', (_name, view, factor, expected) => {
    expect(shouldRecycle(view, 160, factor)).toBe(expected);
  });

  it.each([
    ['idle, nothing warm', { state: 'ready', running: 0, warm: 0 }, 1000, true],
    ['something warm', { state: 'ready', running: 0, warm: 1 }, 1000, false],
    ['a run in flight', { state: 'blocked', running: 1, warm: 0 }, 1000, false],
    ['never (0)', { state: 'ready', running: 0, warm: 0 }, 0, false],
  ] as const)('retire when idle: %s', (_name, view, ms, expected) => {
    expect(retireWhenIdle(view, ms)).toBe(expected);
  });
});
