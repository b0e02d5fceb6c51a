import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, send, callOk } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { alive } from '../testing/process-tree';

// The probe's pipeline case: innocent-looking published code (`slots[e.properties.slot] = …;
// slots.filter(Boolean)`) and one event with slot 4294967294 sent with only a write key. The batch
// fails with the time limit's message (the sandbox process that stalled in `filter` is killed),
// the next events deliver, and no process of the stalled batch remains.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(() => t.close());

const CODE = `export function transformEvent(e) {
  const slots = [];
  slots[e.properties?.slot ?? 0] = e.event;
  return { ...e, properties: { ...e.properties, used: slots.filter(Boolean).length } };
}`;

async function deliveries(destinationId: string, count: number): Promise<any[]> {
  return eventually(
    async () => {
      const { body } = await t.call('GET', `/studio/api/deliveries?destinationId=${destinationId}&limit=100`);
      return body.deliveries.length >= count ? body.deliveries : undefined;
    },
    30_000,
    `${count} results`,
  );
}

describe('a published version stalled by one event', () => {
  it('slot 4294967294 through /v1/track: the batch fails with the time limit, the next events deliver, no process remains', async () => {
    await callOk(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: 1000 });
    const capture = await callOk(t, 'POST', '/studio/api/destinations', { name: 'Slots capture', kind: 'capture' });
    await callOk(t, 'POST', '/transformations?publish=true', {
      name: 'Slots',
      code: CODE,
      events: [{ type: 'track', event: 'x', userId: 'u', properties: { slot: 3 } }],
      destinationIds: [capture.id],
    });
    await send(t, '/v1/track', { type: 'track', event: 'Warm', userId: 'u', messageId: 'warm', properties: { slot: 1 } });
    await deliveries(capture.id, 1);
    const before = t.studio.sandboxProcesses().map((p) => p.pid);
    await send(t, '/v1/track', { type: 'track', event: 'Attack', userId: 'u', messageId: 'attack', properties: { slot: 4294967294 } });
    const attacked = (await deliveries(capture.id, 2)).find((d) => d.messageId === 'attack');
    expect(attacked.status).toBe('failed');
    expect(attacked.error).toMatch(/Timed out: the transformation ran for more than 1000 ms/);
    for (const i of [1, 2, 3]) await send(t, '/v1/track', { type: 'track', event: 'After', userId: 'u', messageId: `after-${i}`, properties: { slot: i } });
    const all = await deliveries(capture.id, 5);
    for (const i of [1, 2, 3]) {
      const after = all.find((d) => d.messageId === `after-${i}`);
      expect(after.status).toBe('delivered');
      expect(after.output[0].properties.used).toBe(1);
    }
    // The process that stalled is gone (its suspended thread with it); the live ones are new.
    await expect.poll(() => before.filter(alive), { timeout: 5000 }).toEqual([]);
    expect(t.studio.sandboxProcesses().every((p) => !before.includes(p.pid))).toBe(true);
  }, 90_000);
});
