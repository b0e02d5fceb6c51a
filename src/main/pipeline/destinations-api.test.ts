import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';

// /studio/api/destinations: kinds, per-kind config validation, sources, connection to
// one published transformation, delete.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

const create = (body: unknown) => t.call('POST', '/studio/api/destinations', body);

describe('create and read', () => {
  it('creates each kind with defaults filled in, connected to every source by default', async () => {
    const { body: sources } = await t.call('GET', '/studio/api/sources');
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['capture', {}, {}],
      ['webhook', { url: 'https://hooks.example/x' }, { url: 'https://hooks.example/x', method: 'POST', headers: {}, maxAttempts: 5, backoffMs: 500, timeoutMs: 10000 }],
      ['file', { path: 'exports/out.ndjson' }, { path: 'exports/out.ndjson' }],
      ['data-plane', { url: 'http://127.0.0.1:8080', writeKey: 'wk', maxAttempts: 2 }, { url: 'http://127.0.0.1:8080/', writeKey: '••••', hasWriteKey: true, maxAttempts: 2, backoffMs: 500, timeoutMs: 10000 }], // write key masked
    ];
    for (const [kind, config, expected] of cases) {
      const { status, body } = await create({ name: `A ${kind}`, kind, config });
      expect({ kind, status }).toEqual({ kind, status: 200 });
      expect(body).toMatchObject({ kind, config: expected, enabled: true, transformationId: null, transformation: null });
      expect(body.sourceIds).toEqual([sources.sources[0].id]);
      expect(body.delivery).toMatchObject({ pending: 0, lastError: null });
      expect(body.id).toMatch(/^[0-9A-Za-z]{27}$/);
    }
    const { body } = await t.call('GET', '/studio/api/destinations');
    expect(body.destinations.map((d: any) => d.kind)).toEqual(['capture', 'webhook', 'file', 'data-plane']);
  });

  it('rejects invalid configs with a message naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'x', kind: 'ftp' }, /kind/],
      [{ name: 'x', kind: 'webhook' }, /config\.url is required/],
      [{ name: 'x', kind: 'webhook', config: { url: 'ftp://a' } }, /config\.url must use http or https/],
      [{ name: 'x', kind: 'webhook', config: { url: 'not a url' } }, /config\.url is not a valid URL/],
      [{ name: 'x', kind: 'webhook', config: { url: 'http://a', method: 'GET' } }, /config\.method/],
      [{ name: 'x', kind: 'webhook', config: { url: 'http://a', headers: { a: 1 } } }, /config\.headers/],
      [{ name: 'x', kind: 'webhook', config: { url: 'http://a', headers: { 'bad header': 'v' } } }, /invalid header name/],
      [{ name: 'x', kind: 'webhook', config: { url: 'http://a', maxAttempts: 0 } }, /config\.maxAttempts must be an integer from 1 to 20/],
      [{ name: 'x', kind: 'webhook', config: { url: 'http://a', secret: 1 } }, /unknown field "secret"/],
      [{ name: 'x', kind: 'file', config: {} }, /config\.path is required/],
      [{ name: 'x', kind: 'file', config: { path: '/tmp/dir/' } }, /must name a file/],
      [{ name: 'x', kind: 'data-plane', config: { url: 'http://a' } }, /config\.writeKey is required/],
      [{ name: 'x', kind: 'capture', config: { url: 'http://a' } }, /unknown field "url" for a capture destination/],
      [{ name: 'x', kind: 'capture', sourceIds: ['nope'] }, /unknown sourceIds: nope/],
      [{ name: '', kind: 'capture' }, /name/],
      [{ name: 'x', kind: 'capture', extra: true }, /extra/],
    ];
    const before = (await t.call('GET', '/studio/api/destinations')).body.destinations.length;
    for (const [body, message] of cases) {
      const answer = await create(body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.error).toMatch(message);
    }
    expect((await t.call('GET', '/studio/api/destinations')).body.destinations).toHaveLength(before);
  });

  it('keeps names unique (they select destinations in "integrations")', async () => {
    expect((await create({ name: 'Unique', kind: 'capture' })).status).toBe(200);
    const clash = await create({ name: 'unique', kind: 'capture' });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/already exists/);
  });
});

describe('update and delete', () => {
  it('changes name, config, enabled and sources; the kind stays', async () => {
    const { body: d } = await create({ name: 'Editable', kind: 'webhook', config: { url: 'http://a.example' } });
    const { body: source } = await t.call('POST', '/studio/api/sources', { name: 'Second' });
    const { status, body } = await t.call('PATCH', `/studio/api/destinations/${d.id}`, {
      name: 'Edited',
      config: { url: 'http://b.example/hook', method: 'PUT' },
      enabled: false,
      sourceIds: [source.id],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Edited', enabled: false, sourceIds: [source.id], config: { url: 'http://b.example/hook', method: 'PUT' } });
    expect((await t.call('PATCH', `/studio/api/destinations/${d.id}`, { kind: 'file' })).status).toBe(400);
    expect((await t.call('PATCH', `/studio/api/destinations/${d.id}`, { config: { url: 'gopher://x' } })).status).toBe(400);
    expect((await t.call('PATCH', '/studio/api/destinations/nope', { enabled: true })).status).toBe(404);
  });

  it('deletes a destination', async () => {
    const { body: d } = await create({ name: 'Doomed', kind: 'capture' });
    expect((await t.call('DELETE', `/studio/api/destinations/${d.id}`)).body).toEqual({ success: true });
    expect((await t.call('GET', `/studio/api/destinations/${d.id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/studio/api/destinations/${d.id}`)).status).toBe(404);
  });

  it('drops a deleted source from its destinations', async () => {
    const { body: source } = await t.call('POST', '/studio/api/sources', { name: 'Short-lived' });
    const { body: d } = await create({ name: 'Linked', kind: 'capture', sourceIds: [source.id] });
    await t.call('DELETE', `/studio/api/sources/${source.id}`);
    expect((await t.call('GET', `/studio/api/destinations/${d.id}`)).body.sourceIds).toEqual([]);
  });
});

describe('connected transformation', () => {
  it('connects only existing transformations with a published version, one at a time', async () => {
    const { body: d } = await create({ name: 'Connectable', kind: 'capture' });
    const unknown = await t.call('PUT', `/studio/api/destinations/${d.id}/transformation`, { transformationId: 'nope' });
    expect(unknown.status).toBe(404);
    const { body: draft } = await t.call('POST', '/transformations', { name: 'Draft', code: 'export function transformEvent(e) { return e; }' });
    const unpublished = await t.call('PUT', `/studio/api/destinations/${d.id}/transformation`, { transformationId: draft.id });
    expect(unpublished.status).toBe(400);
    expect(unpublished.body.error).toMatch(/no published version/);

    const code = 'export function transformEvent(e) { return e; }';
    const events = [{ type: 'track', event: 'x', userId: 'u' }];
    const { body: first } = await t.call('POST', '/transformations?publish=true', { name: 'First', code, events });
    const { body: second } = await t.call('POST', '/transformations?publish=true', { name: 'Second', code, events });
    const connected = await t.call('PUT', `/studio/api/destinations/${d.id}/transformation`, { transformationId: first.id });
    expect(connected.body.transformation).toMatchObject({ id: first.id, name: 'First', publishedVersionNumber: 1 });
    // The live version by the number the versions API lists (v2 after a second publish).
    await t.call('POST', `/transformations/${first.id}?publish=true`, { code: 'export function transformEvent(e) { e.v = 2; return e; }', events });
    const live = (await t.call('GET', `/studio/api/transformations/${first.id}/versions`)).body.versions.find((v: any) => v.isPublished);
    const shownLive = (await t.call('GET', `/studio/api/destinations/${d.id}`)).body.transformation;
    expect(shownLive).toMatchObject({ publishedVersionId: live.versionId, publishedVersionNumber: 2 });
    expect(live.number).toBe(2);
    const replaced = await t.call('PUT', `/studio/api/destinations/${d.id}/transformation`, { transformationId: second.id });
    expect(replaced.body.transformationId).toBe(second.id);
    const shown = (await t.call('GET', `/transformations/${second.id}`)).body;
    expect(shown.destinations.map((x: any) => x.id)).toContain(d.id);
    expect((await t.call('GET', `/transformations/${first.id}`)).body.destinations).toEqual([]);
    const disconnected = await t.call('DELETE', `/studio/api/destinations/${d.id}/transformation`);
    expect(disconnected.body.transformationId).toBeNull();
    const viaPatch = await t.call('PATCH', `/studio/api/destinations/${d.id}`, { transformationId: first.id });
    expect(viaPatch.body.transformationId).toBe(first.id);
  });

  it('is connected by the management API publish with destinationIds, and disconnected when the transformation is deleted', async () => {
    const { body: d } = await create({ name: 'Via publish', kind: 'capture' });
    const { body: tx } = await t.call('POST', '/transformations?publish=true', {
      name: 'Published with destinations',
      code: 'export function transformEvent(e) { return e; }',
      destinationIds: [d.id],
    });
    expect((await t.call('GET', `/studio/api/destinations/${d.id}`)).body.transformationId).toBe(tx.id);
    expect((await t.call('DELETE', `/transformations/${tx.id}`)).status).toBe(200);
    expect((await t.call('GET', `/studio/api/destinations/${d.id}`)).body.transformationId).toBeNull();
  });
});

describe('deliveries API', () => {
  it('validates its filters', async () => {
    expect((await t.call('GET', '/studio/api/deliveries?status=lost')).status).toBe(400);
    const unknownStanding = await t.call('GET', '/studio/api/deliveries?standing=retrying,lost');
    expect(unknownStanding.status).toBe(400);
    expect(unknownStanding.body.error).toBe('standing must be one of delivered, retrying, gave-up, failed, dropped, filtered, got "lost"');
    expect((await t.call('GET', '/studio/api/deliveries?standing=gave-up,failed')).body).toEqual({ deliveries: [], next: null });
    expect((await t.call('GET', '/studio/api/deliveries?eventId=x')).status).toBe(400);
    expect((await t.call('GET', '/studio/api/deliveries?from=soon')).status).toBe(400);
    expect((await t.call('GET', '/studio/api/deliveries?status=failed,dropped')).body).toEqual({ deliveries: [], next: null });
  });
});
