import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import type { ProfileState } from '../../shared/api/debug';

// A transformation with a deliberately quadratic line (4) over 10,000 events: 9,990 small ones and
// 10 with 7,000 items, which the profile must list as the slowest. Per-event times are wall time:
// on a loaded machine a small event descheduled for ~90 ms outran a big one that V8 had optimised
// to ~80 ms (CI, round 10), so each big event also spins 250 ms, on the same line.
const CODE = [
  'export function transformEvent(event) {',
  '  const items = event.properties.items;',
  '  let pairs = 0;',
  '  for (let i = 0; i < items.length; i++) for (let j = 0; j < items.length; j++) if (items[i] === items[j]) pairs++; if (items.length > 100) for (const end = Date.now() + 250; Date.now() < end; );',
  '  return { ...event, pairs };',
  '}',
].join('\n');
const BIG = new Set([17, 1234, 2500, 3333, 4000, 5555, 6001, 7777, 8888, 9999]);
const events = Array.from({ length: 10_000 }, (_, i) => ({
  messageId: `m${i}`,
  type: 'track',
  properties: { items: Array.from({ length: BIG.has(i) ? 7_000 : 12 }, (_, k) => k % 7) },
}));

let harness: TestStudio;
beforeAll(async () => {
  harness = await startTestStudio();
});
afterAll(async () => {
  await harness?.close();
});

const until = async (id: string, done: (state: ProfileState) => boolean): Promise<ProfileState> => {
  for (;;) {
    const state = (await harness.call('GET', `/studio/api/profiles/${id}`)).body as ProfileState;
    if (done(state)) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('profile runs', () => {
  it('a quadratic line over 10,000 events is the hottest line, with per-event times and the slowest events', async () => {
    // The first big event runs before V8 optimises the loop (seconds of CPU): a higher time limit.
    expect((await harness.call('PUT', '/studio/api/settings/sandbox', { timeoutMs: 30_000 })).status).toBe(200);
    const started = await harness.call('POST', '/studio/api/profiles', { code: CODE, events });
    expect(started.status, started.text).toBe(200);
    const progress = await until(started.body.id, (s) => s.state !== 'running' || (s.done > 0 && s.done < s.total));
    expect(progress.total).toBe(10_000);
    const state = await until(started.body.id, (s) => s.state !== 'running');
    expect(state.state, state.message).toBe('done');
    const summary = state.summary!;
    expect(summary.events).toBe(10_000);
    expect(summary.lines[0]).toMatchObject({ url: 'base transformation', line: 4 });
    const userLines = summary.lines.filter((line) => line.url === 'base transformation');
    expect(summary.lines[0]!.selfMs).toBeGreaterThan(2 * (userLines[1]?.selfMs ?? 0));
    expect(summary.functions.find((fn) => fn.user)).toMatchObject({ name: 'transformEvent', url: 'base transformation', line: 1 });
    expect(new Set(summary.slowest.map((slow) => slow.index)), JSON.stringify(summary.slowest)).toEqual(BIG);
    expect(state.slowestEvents!.map((event) => event.messageId)).toEqual(summary.slowest.map((slow) => `m${slow.index}`));
    expect(summary.times.max).toBe(summary.slowest[0]!.ms);
    expect(summary.times.p50).toBeLessThan(summary.slowest[9]!.ms);
    expect(summary.histogram.counts.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(summary.flame.totalMs).toBeGreaterThan(0);
    // Its debug process is stopped once the profile is read (SIGKILL: gone within moments).
    for (let i = 0; i < 50 && harness.studio.debugProcesses().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.studio.debugProcesses()).toEqual([]);
    await harness.call('PUT', '/studio/api/settings/sandbox', { timeoutMs: 4000 });
  }, 120_000);

  it('a long profile can be cancelled; its process ends', async () => {
    const slow = 'export function transformEvent(e) { let s = 0; for (let i = 0; i < 2e5; i++) s += i; return { s }; }';
    const started = await harness.call('POST', '/studio/api/profiles', { code: slow, events: Array.from({ length: 10_000 }, () => ({})) });
    await until(started.body.id, (s) => s.done > 0);
    const cancelled = await harness.call('POST', `/studio/api/profiles/${started.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ state: 'cancelled' });
    expect((await harness.call('GET', `/studio/api/profiles/${started.body.id}`)).body.state).toBe('cancelled');
  });

  it('refuses a profile without events, or with both kinds', async () => {
    const none = await harness.call('POST', '/studio/api/profiles', { code: CODE });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/give the events to profile/);
    const empty = await harness.call('POST', '/studio/api/profiles', { code: CODE, captured: { limit: 10 } });
    expect(empty.body.error).toMatch(/no captured events match/);
  });
});
