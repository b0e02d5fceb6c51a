import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { send } from '../testing/event-helpers';

// The schema API over the real server: events sent to /v1/batch are folded in the background
// (never in the capture), then read as a schema, as editor fields and as JSON Schema.

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

/** Waits until the background fold has every captured event. */
async function folded(): Promise<any> {
  for (;;) {
    const answer = await studio.call('GET', '/studio/api/schema');
    if (answer.status !== 200) throw new Error(answer.text);
    if (answer.body.status.behind === 0 && answer.body.status.latestId > 0) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('/studio/api/schema', () => {
  it('learns paths, types, shares and samples from /v1/batch traffic and exports JSON Schema', async () => {
    const batch = [
      { type: 'track', event: 'Order Completed', userId: 'u1', properties: { total: 10, products: [{ sku: 'a' }] }, context: { traits: { email: 'ann@example.com' } } },
      { type: 'track', event: 'Order Completed', userId: 'u2', properties: { total: '12.5' } },
      { type: 'identify', userId: 'u1', traits: { plan: 'pro' } },
    ];
    expect((await send(studio, '/v1/batch', { batch })).status).toBe(200);
    const body = await folded();
    const order = body.events.find((e: any) => e.name === 'Order Completed');
    expect(order.count).toBe(2);
    const byPath = Object.fromEntries(order.paths.map((p: any) => [p.path, p]));
    expect(byPath['properties.total']).toMatchObject({ count: 2, share: 1, types: { number: 1, string: 1 }, conflict: true, samples: ['10', '"12.5"'] });
    expect(byPath['properties.products[].sku']).toMatchObject({ count: 1, share: 0.5, types: { string: 1 } });
    expect(byPath['context.traits.email']).toMatchObject({ pii: true, samples: ['"ann@example.com"'] });
    expect(body.events.find((e: any) => e.type === 'identify').paths.map((p: any) => p.path)).toContain('traits.plan');

    const fields = (await studio.call('GET', '/studio/api/schema/fields')).body;
    expect(fields.scope.kind).toBe('all');
    expect(fields.totalEvents).toBe(3);
    expect(fields.fields.find((f: any) => f.path === 'properties.total')).toMatchObject({ count: 2, share: 2 / 3 });

    const exported = (await studio.call('GET', '/studio/api/schema/json-schema')).body.schemas.find((s: any) => s.name === 'Order Completed').schema;
    expect(exported.properties.properties.properties.total.type).toEqual(['number', 'string']);
    expect(exported.properties.properties.required).toEqual(['total']);
    expect(exported.properties.properties.properties.products.items.properties.sku.type).toBe('string');
    expect(exported.properties.context.properties.traits.properties.email.examples).toBeUndefined();
  });

  it("gives the editor the schema of a transformation's connected sources, else of all sources", async () => {
    const other = (await studio.call('POST', '/studio/api/sources', { name: 'Mobile app' })).body;
    await send(studio, '/v1/track', { userId: 'm1', event: 'App Opened', properties: { build: 42 } }, { authorization: `Basic ${Buffer.from(`${other.writeKey}:`).toString('base64')}` });
    await folded();
    const code = 'export function transformEvent(e) { return e; }';
    const tx = (await studio.call('POST', '/transformations?publish=true', { name: 'Mobile only', code, events: [{ type: 'track', event: 'x', userId: 'u' }] })).body;
    expect((await studio.call('GET', `/studio/api/schema/fields?transformationId=${tx.id}`)).body.scope.kind).toBe('all');
    const destination = (await studio.call('POST', '/studio/api/destinations', { name: 'Mobile sink', kind: 'capture', sourceIds: [other.id] })).body;
    expect((await studio.call('PUT', `/studio/api/destinations/${destination.id}/transformation`, { transformationId: tx.id })).status).toBe(200);
    const fields = (await studio.call('GET', `/studio/api/schema/fields?transformationId=${tx.id}`)).body;
    expect(fields.scope).toEqual({ kind: 'connected', sources: [{ id: other.id, name: 'Mobile app' }] });
    expect(fields.totalEvents).toBe(1);
    expect(fields.events).toEqual([{ type: 'track', name: 'App Opened', count: 1 }]);
    expect(fields.fields.map((f: any) => f.path)).toContain('properties.build');
    expect(fields.fields.map((f: any) => f.path)).not.toContain('properties.total');
  });

  it('rebuilds on demand and refuses a bad window with a 400 that says what to use', async () => {
    const rebuilt = await studio.call('POST', '/studio/api/schema/rebuild');
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.foldedUpTo).toBe(0);
    expect((await folded()).events.length).toBe(3);
    const bad = await studio.call('GET', '/studio/api/schema?window=1y');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('window');
  });
});
