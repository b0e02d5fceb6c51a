import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveriesOf, eventually, listEvents, send, callOk } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// Delivery through connected, published transformations (real sandbox) to every kind of
// destination; the data-plane kind forwards to a second instance of the app.

import { fixture } from '../testing/fixtures';

let t: TestStudio;
let remote: TestStudio;
let hookServer: Server;
let hookUrl: string;
const hookBodies: any[] = [];

beforeAll(async () => {
  [t, remote] = await Promise.all([startTestStudio(), startTestStudio()]);
  hookServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hookBodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/events`;
});
afterAll(async () => {
  await Promise.all([t.close(), remote.close(), new Promise<void>((r) => hookServer.close(() => r()))]);
});

const ok = callOk;

const destination = (body: Record<string, unknown>) => ok(t, 'POST', '/studio/api/destinations', body);

const results = (destinationId: string, count: number) => deliveriesOf(t, destinationId, count);

/** Publishes a transformation (tested on `testEvents`) and connects the destinations. */
async function publish(name: string, code: string, destinationIds: string[], testEvents: unknown[] = [{ type: 'track', event: 'x', userId: 'u', properties: {} }]) {
  return ok(t, 'POST', '/transformations?publish=true', { name, code, events: testEvents, destinationIds });
}

const userEvent = (messageId: string, extra: Record<string, unknown> = {}) => ({
  type: 'identify',
  userId: 'pii-user',
  messageId,
  traits: { email: 'Ada.Lovelace@Example.com' },
  context: { ip: '198.51.100.4', traits: { email: 'ada@example.com' } },
  ...extra,
});

describe('a published transformation with a pinned library', () => {
  let transformationId: string;
  const dests: Record<string, any> = {};
  let filePath: string;

  beforeAll(async () => {
    await ok(t, 'POST', '/libraries?publish=true', { name: 'Event Utils', code: fixture('libraries/event-utils.js') });
    filePath = join(mkdtempSync(join(tmpdir(), 'studio-tx-')), 'out.ndjson');
    dests.capture = await destination({ name: 'PII capture', kind: 'capture' });
    dests.file = await destination({ name: 'PII file', kind: 'file', config: { path: filePath } });
    dests.webhook = await destination({ name: 'PII webhook', kind: 'webhook', config: { url: hookUrl } });
    dests.dataPlane = await destination({ name: 'PII remote', kind: 'data-plane', config: { url: remote.url, writeKey: 'test-write-key' } });
    const published = await publish(
      'Mask PII',
      fixture('transformations/mask-pii.js'),
      Object.values(dests).map((d) => d.id),
      [userEvent('test-1')],
    );
    transformationId = published.id;
    const { body } = await t.call('GET', `/studio/api/destinations/${dests.capture.id}`);
    expect(body.transformationId).toBe(transformationId);
    expect(body.transformation.publishedVersionId).toBeTruthy();
  });

  const checkMasked = (event: any) => {
    expect(event.traits.email).toBe('a***@example.com');
    expect(event.context.traits.email).toBe('a***@example.com');
    expect(event.context.ip).toBeUndefined();
    expect(event.context.transformedBy).toBe(transformationId);
  };

  it('delivers transformed events to capture, file, webhook and data-plane destinations', async () => {
    expect((await send(t, '/v1/identify', userEvent('pii-1'))).text).toBe('OK');
    const [captured] = await results(dests.capture.id, 1);
    expect(captured.status).toBe('delivered');
    expect(captured.transformationId).toBe(transformationId);
    expect(captured.transformationVersionId).toBeTruthy();
    checkMasked(captured.output[0]);

    await results(dests.file.id, 1);
    const lines = readFileSync(filePath, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    checkMasked(lines[0]);

    const [hooked] = await results(dests.webhook.id, 1);
    expect(hooked.status).toBe('delivered');
    expect(hookBodies).toHaveLength(1);
    checkMasked(hookBodies[0]);

    const [forwarded] = await results(dests.dataPlane.id, 1);
    expect(forwarded.status).toBe('delivered');
    const remoteEvents = await eventually(async () => {
      const page = await listEvents(remote, 'messageId=pii-1');
      return page.events.length ? page.events : undefined;
    });
    expect(remoteEvents).toHaveLength(1);
    checkMasked(remoteEvents[0].event);
    expect(remoteEvents[0].type).toBe('identify');
  });

  it('keeps running the pinned library version after the library changes', async () => {
    const { body: libs } = await t.call('GET', '/libraries');
    const lib = libs.libraries.find((l: any) => l.name === 'Event Utils');
    const changed = fixture('libraries/event-utils.js').replace('return `${local[0]}***@${domain}`;', 'return "CHANGED";');
    expect(changed).toContain('CHANGED');
    await ok(t, 'POST', `/libraries/${lib.id}?publish=true`, { code: changed });
    expect((await send(t, '/v1/identify', userEvent('pii-2'))).text).toBe('OK');
    const all = await results(dests.capture.id, 2);
    const second = all.find((d) => d.messageId === 'pii-2');
    checkMasked(second.output[0]);
  });
});

describe('transformation outcomes', () => {
  it('records per-event errors and still delivers the other events of the batch', async () => {
    const capture = await destination({ name: 'Faulty capture', kind: 'capture' });
    const tx = await publish('Faulty', fixture('transformations/faulty.js'), []);
    await ok(t, 'PUT', `/studio/api/destinations/${capture.id}/transformation`, { transformationId: tx.id });
    await send(t, '/v1/batch', {
      batch: [
        { type: 'track', userId: 'f', event: 'With', properties: { a: 1 }, messageId: 'faulty-ok' },
        { type: 'identify', userId: 'f', messageId: 'faulty-bad' },
      ],
    });
    const all = await results(capture.id, 2);
    const good = all.find((d) => d.messageId === 'faulty-ok');
    const bad = all.find((d) => d.messageId === 'faulty-bad');
    expect(good.status).toBe('delivered');
    expect(good.output[0].properties).toEqual({ a: 1, checked: true });
    expect(bad.status).toBe('failed');
    expect(bad.output).toBeNull();
    expect(bad.error).toMatch(/no properties on identify faulty-bad/);
  });

  it('gives each output to the event it came from, by index (two events of a batch share a messageId), and metadata(event) the event\'s own fields', async () => {
    const capture = await destination({ name: 'Index capture', kind: 'capture' });
    const code = `export function transformEvent(event, metadata) {
      const m = metadata(event);
      return { ...event, m: { messageId: m.messageId, eventType: m.eventType, eventName: m.eventName, rudderId: m.rudderId, receivedAt: m.receivedAt, sourceId: m.sourceId, destinationId: m.destinationId, transformationId: m.transformationId } };
    }`;
    const tx = await publish('Index and metadata', code, [capture.id]);
    await send(t, '/v1/batch', {
      batch: [
        { type: 'track', userId: 'i', event: 'First', properties: { n: 1 }, messageId: 'same-id' },
        { type: 'track', userId: 'i', event: 'Second', properties: { n: 2 }, messageId: 'same-id' },
        { type: 'track', userId: 'i', event: 'Own', properties: { n: 3 }, messageId: 'own-id' },
      ],
    });
    const all = await results(capture.id, 3);
    const stored = (await listEvents(t, `sourceId=${all[0].sourceId}&limit=500`)).events;
    expect(all.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    for (const delivery of all) {
      const event = stored.find((e: { id: string }) => e.id === delivery.eventId);
      expect(delivery.output).toHaveLength(1);
      // Its own output, not the other event's (a lookup by messageId gives both to the first).
      expect(delivery.output[0].properties).toEqual(event.event.properties);
    }
    expect(all.map((d) => d.output[0].properties.n).sort()).toEqual([1, 2, 3]);
    // What metadata(event) says of an event: its own fields (derived in the isolate, from the
    // event) and where it comes from and goes (given by the pipeline).
    const own = all.find((d) => d.messageId === 'own-id');
    const event = stored.find((e: { id: string }) => e.id === own.eventId);
    expect(own.output[0].m).toEqual({
      messageId: 'own-id',
      eventType: 'track',
      eventName: 'Own',
      rudderId: event.event.rudderId,
      receivedAt: event.receivedAt,
      sourceId: event.sourceId,
      destinationId: capture.id,
      transformationId: tx.id,
    });
    expect(typeof event.event.rudderId).toBe('string');
  });

  it('records drops, split outputs and log lines', async () => {
    const capture = await destination({ name: 'Split capture', kind: 'capture' });
    await publish('Split orders', fixture('transformations/split-order.js'), [capture.id], [
      { type: 'track', event: 'Order Completed', userId: 'u', messageId: 'm', properties: { order_id: 'o', products: [{ product_id: 'p', category: 'kits' }] } },
    ]);
    const drop = await destination({ name: 'Drop capture', kind: 'capture' });
    await publish('Drop internal', fixture('transformations/drop-internal.js'), [drop.id]);
    await send(t, '/v1/batch', {
      batch: [
        {
          type: 'track',
          userId: 's',
          event: 'Order Completed',
          messageId: 'order-1',
          properties: { order_id: 'o-1', products: [{ product_id: 'a', category: 'field_gateways' }, { product_id: 'b', category: 'kits' }] },
        },
        { type: 'track', userId: 's', event: 'Internal Test', messageId: 'internal-1' },
      ],
    });
    const split = (await results(capture.id, 2)).find((d) => d.messageId === 'order-1');
    expect(split.status).toBe('delivered');
    expect(split.output.map((o: any) => [o.event, o.messageId, o.properties.category])).toEqual([
      ['Product Purchased', 'order-1-0', 'Field Gateways'],
      ['Product Purchased', 'order-1-1', 'Kits'],
    ]);
    expect(split.logs).toContain('Log: splitting order o-1 into 2');
    const dropped = (await results(drop.id, 2)).find((d) => d.messageId === 'internal-1');
    expect(dropped.status).toBe('dropped');
    expect(dropped.output).toBeNull();
  });

  it('runs transformBatch over the whole batch', async () => {
    const capture = await destination({ name: 'Dedupe capture', kind: 'capture' });
    await publish('Dedupe', fixture('transformations/dedupe-batch.js'), [capture.id]);
    await send(t, '/v1/batch', {
      batch: [
        { type: 'track', userId: 'd', event: 'Same', messageId: 'dup-1' },
        { type: 'track', userId: 'd', event: 'Same', messageId: 'dup-2' },
        { type: 'track', userId: 'd', event: 'Other', messageId: 'dup-3' },
      ],
    });
    const all = await results(capture.id, 3);
    const status = Object.fromEntries(all.map((d) => [d.messageId, d.status]));
    expect(status).toEqual({ 'dup-1': 'delivered', 'dup-2': 'dropped', 'dup-3': 'delivered' });
  });

  it('passes events through unchanged after the transformation is disconnected', async () => {
    const capture = await destination({ name: 'Disconnect capture', kind: 'capture' });
    const tx = await publish('Mask again', fixture('transformations/mask-pii.js'), [capture.id], [userEvent('t')]);
    expect((await t.call('GET', `/studio/api/destinations/${capture.id}`)).body.transformationId).toBe(tx.id);
    const disconnected = await ok(t, 'DELETE', `/studio/api/destinations/${capture.id}/transformation`);
    expect(disconnected.transformationId).toBeNull();
    await send(t, '/v1/identify', userEvent('plain-1'));
    const [result] = await results(capture.id, 1);
    expect(result.output[0].traits.email).toBe('Ada.Lovelace@Example.com');
    expect(result.transformationId).toBeNull();
  });
});
