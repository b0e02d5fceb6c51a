import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { basic, send } from '../testing/event-helpers';

// /studio/api/sources: list, create (generated write key), disable/enable, rename, delete.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

describe('sources', () => {
  it('lists the default source with the configured write key', async () => {
    const { status, body } = await t.call('GET', '/studio/api/sources');
    expect(status).toBe(200);
    expect(body.sources).toHaveLength(1);
    expect(body.sources[0]).toMatchObject({ name: 'Default source', writeKey: 'test-write-key', enabled: true });
  });

  it('creates a source with a generated write key that the event API accepts', async () => {
    const { status, body } = await t.call('POST', '/studio/api/sources', { name: 'Mobile app' });
    expect(status).toBe(200);
    expect(body.writeKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(body.id).toMatch(/^[0-9A-Za-z]{27}$/);
    expect((await send(t, '/v1/track', { userId: 'm', event: 'e' }, { authorization: basic(body.writeKey) })).text).toBe('OK');
    const list = (await t.call('GET', '/studio/api/sources')).body.sources;
    expect(list.map((s: any) => s.name)).toEqual(['Default source', 'Mobile app']);
    const events = (await t.call('GET', `/studio/api/events?sourceId=${body.id}`)).body.events;
    expect(events).toHaveLength(1);
  });

  it('disables, renames, enables and deletes', async () => {
    const { body: source } = await t.call('POST', '/studio/api/sources', { name: 'Temp' });
    const auth = { authorization: basic(source.writeKey) };
    const disabled = await t.call('PATCH', `/studio/api/sources/${source.id}`, { enabled: false, name: 'Temp (off)' });
    expect(disabled.body).toMatchObject({ enabled: false, name: 'Temp (off)' });
    expect(await send(t, '/v1/identify', { userId: 'x' }, auth)).toMatchObject({ status: 400, text: 'source is disabled' });
    await t.call('PATCH', `/studio/api/sources/${source.id}`, { enabled: true });
    expect((await send(t, '/v1/identify', { userId: 'x' }, auth)).text).toBe('OK');
    expect((await t.call('DELETE', `/studio/api/sources/${source.id}`)).body).toEqual({ success: true });
    expect(await send(t, '/v1/identify', { userId: 'x' }, auth)).toMatchObject({ status: 400, text: 'invalid write key' });
    expect((await t.call('GET', `/studio/api/sources/${source.id}`)).status).toBe(404);
  });

  it('validates input', async () => {
    expect((await t.call('POST', '/studio/api/sources', {})).status).toBe(400);
    expect((await t.call('POST', '/studio/api/sources', { name: '   ' })).status).toBe(400);
    expect((await t.call('POST', '/studio/api/sources', { name: 'x', writeKey: 'chosen' })).status).toBe(400);
    expect((await t.call('PATCH', '/studio/api/sources/nope', { enabled: false })).status).toBe(404);
    expect((await t.call('PATCH', '/studio/api/sources/nope', { enabled: 'no' })).status).toBe(400);
    expect((await t.call('DELETE', '/studio/api/sources/nope')).status).toBe(404);
  });
});
