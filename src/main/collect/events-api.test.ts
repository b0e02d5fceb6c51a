import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestStudio, type TestStudio } from '../testing/harness';
import { basic, listEvents, send } from '../testing/event-helpers';

// Seed 001: endpoints, auth, per-type rules and the data plane's text answers.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

const count = async () => (await listEvents(t, 'limit=500')).events.length;

/** Sends a call that must be rejected with `message` and checks nothing was stored. */
async function rejects(path: string, body: unknown, message: string | RegExp, headers: Record<string, string> = {}) {
  const before = await count();
  const answer = await send(t, path, body, headers);
  expect(answer.status).toBe(400);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  if (typeof message === 'string') expect(answer.text).toBe(message);
  else expect(answer.text).toMatch(message);
  expect(await count()).toBe(before);
}

describe('endpoints', () => {
  it.each(['identify', 'track', 'page', 'screen', 'group', 'alias'])('POST /v1/%s answers 200 OK (text) and stores the event', async (type) => {
    const body: Record<string, unknown> = { userId: `u-${type}`, event: 'Clicked', name: 'Home', groupId: 'g1', previousId: 'p1' };
    const answer = await send(t, `/v1/${type}`, body);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('OK');
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const [latest] = (await listEvents(t, `userId=u-${type}`)).events;
    expect(latest.type).toBe(type);
    expect(latest.event.userId).toBe(`u-${type}`);
  });

  it('POST /v1/merge stores a merge call', async () => {
    const body = { userId: 'u-merge', mergeProperties: [{ type: 'email', value: 'a@example.com' }, { type: 'phone', value: '+1555' }] };
    expect((await send(t, '/v1/merge', body)).text).toBe('OK');
    const [latest] = (await listEvents(t, 'userId=u-merge')).events;
    expect(latest.type).toBe('merge');
    expect(latest.event.mergeProperties).toEqual(body.mergeProperties);
  });

  it('takes the type from the path, overwriting the body', async () => {
    expect((await send(t, '/v1/page', { type: 'track', userId: 'u-path', name: 'Pricing' })).status).toBe(200);
    expect((await listEvents(t, 'userId=u-path')).events[0].event.type).toBe('page');
  });

  it('answers other paths under /v1 with a 404 text', async () => {
    const answer = await send(t, '/v1/purchase', { userId: 'x' });
    expect(answer.status).toBe(404);
  });

  it('accepts bodies without a JSON content type (SDKs send text/plain to skip preflight)', async () => {
    expect((await send(t, '/v1/track', { userId: 'u-ct', event: 'x' }, { 'content-type': 'text/plain' })).text).toBe('OK');
  });
});

describe('authentication (400, never 401)', () => {
  it('rejects a request without Authorization', async () => {
    const before = await count();
    const answer = await fetch(`${t.url}/v1/track`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":"u","event":"e"}' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe('failed to read writekey from header');
    expect(await count()).toBe(before);
  });
  it('rejects a malformed Authorization header', async () => {
    await rejects('/v1/track', { userId: 'u', event: 'e' }, 'failed to read writekey from header', { authorization: 'Bearer abc' });
    await rejects('/v1/track', { userId: 'u', event: 'e' }, 'failed to read writekey from header', { authorization: basic('') });
    await rejects('/v1/track', { userId: 'u', event: 'e' }, 'failed to read writekey from header', { authorization: 'Basic bm9jb2xvbg==' });
  });
  it('rejects an unknown write key', async () => {
    await rejects('/v1/track', { userId: 'u', event: 'e' }, 'invalid write key', { authorization: basic('nope') });
    await rejects('/v1/batch', { batch: [{ type: 'track', userId: 'u', event: 'e' }] }, 'invalid write key', { authorization: basic('nope') });
  });
  it('ignores the password', async () => {
    expect((await send(t, '/v1/track', { userId: 'u-pw', event: 'e' }, { authorization: basic('test-write-key', 'whatever') })).text).toBe('OK');
  });
  it('rejects a disabled source and accepts it again when enabled', async () => {
    const { body: sources } = await t.call('GET', '/studio/api/sources');
    const id = sources.sources[0].id;
    expect((await t.call('PATCH', `/studio/api/sources/${id}`, { enabled: false })).status).toBe(200);
    await rejects('/v1/track', { userId: 'u', event: 'e' }, 'source is disabled');
    expect((await t.call('PATCH', `/studio/api/sources/${id}`, { enabled: true })).status).toBe(200);
    expect((await send(t, '/v1/track', { userId: 'u', event: 'e' })).text).toBe('OK');
  });
});

describe('identity rule', () => {
  it('rejects a call with neither userId nor anonymousId', async () => {
    await rejects('/v1/track', { event: 'e' }, 'request neither has anonymousId nor userId');
    await rejects('/v1/identify', { traits: {} }, 'request neither has anonymousId nor userId');
  });
  it('trims before checking', async () => {
    await rejects('/v1/track', { userId: '   ', anonymousId: '\t', event: 'e' }, 'request neither has anonymousId nor userId');
    await rejects('/v1/track', { userId: null, anonymousId: '', event: 'e' }, 'request neither has anonymousId nor userId');
  });
  it('accepts either id, and non-string ids as their text', async () => {
    expect((await send(t, '/v1/track', { anonymousId: 'anon-only', event: 'e' })).status).toBe(200);
    expect((await send(t, '/v1/track', { userId: 42, event: 'e' })).status).toBe(200);
    expect((await listEvents(t, 'userId=42')).events[0].event.userId).toBe(42);
    expect((await send(t, '/v1/alias', { anonymousId: 'a', previousId: 'p' })).status).toBe(200);
    expect((await send(t, '/v1/merge', { anonymousId: 'a', mergeProperties: { email: 'x@example.com' } })).status).toBe(200);
  });
  it('applies to every call type', async () => {
    for (const type of ['identify', 'track', 'page', 'screen', 'group', 'alias', 'merge']) {
      await rejects(`/v1/${type}`, { event: 'e', name: 'n', groupId: 'g', previousId: 'p', mergeProperties: [{ type: 'a', value: 'b' }] }, 'request neither has anonymousId nor userId');
    }
  });
});

describe('required fields per call type', () => {
  it('track needs a string event', async () => {
    await rejects('/v1/track', { userId: 'u' }, 'track: "event" is required');
    await rejects('/v1/track', { userId: 'u', event: 5 }, 'track: "event" must be a string');
    await rejects('/v1/track', { userId: 'u', event: '  ' }, 'track: "event" must not be empty');
  });
  it('page and screen need a name', async () => {
    await rejects('/v1/page', { userId: 'u' }, 'page: "name" is required');
    await rejects('/v1/screen', { userId: 'u' }, 'screen: "name" is required');
    await rejects('/v1/screen', { userId: 'u', name: {} }, 'screen: "name" must be a string');
  });
  it('group needs groupId, alias needs previousId', async () => {
    await rejects('/v1/group', { userId: 'u' }, 'group: "groupId" is required');
    await rejects('/v1/group', { userId: 'u', groupId: '' }, 'group: "groupId" must not be empty');
    await rejects('/v1/alias', { userId: 'u' }, 'alias: "previousId" is required');
    await rejects('/v1/alias', { userId: 'u', previousId: ['x'] }, 'alias: "previousId" must be a string');
    expect((await send(t, '/v1/group', { userId: 'u', groupId: 17 })).status).toBe(200);
  });
  it('merge needs mergeProperties', async () => {
    await rejects('/v1/merge', { userId: 'u' }, 'merge: "mergeProperties" is required');
    await rejects('/v1/merge', { userId: 'u', mergeProperties: [] }, 'merge: "mergeProperties" must not be empty');
    await rejects('/v1/merge', { userId: 'u', mergeProperties: 'email' }, /^merge: "mergeProperties" must be an array/);
    await rejects('/v1/merge', { userId: 'u', mergeProperties: [{ type: 'email' }] }, 'merge: "mergeProperties[0].value" must be a non-empty string');
    await rejects('/v1/merge', { userId: 'u', mergeProperties: [{ type: 'a', value: 'b' }, 'x'] }, /^merge: "mergeProperties\[1\]" must be an object/);
  });
  it('object fields must be objects', async () => {
    await rejects('/v1/track', { userId: 'u', event: 'e', properties: 'cheap' }, 'track: "properties" must be an object');
    await rejects('/v1/identify', { userId: 'u', traits: [1] }, 'identify: "traits" must be an object');
    await rejects('/v1/page', { userId: 'u', name: 'n', context: 3 }, 'page: "context" must be an object');
    await rejects('/v1/group', { userId: 'u', groupId: 'g', integrations: true }, 'group: "integrations" must be an object');
  });
});

describe('body', () => {
  it('rejects invalid JSON and empty bodies', async () => {
    await rejects('/v1/track', '{"userId": "u",', /^invalid json/);
    await rejects('/v1/batch', 'not json', /^invalid json/);
    await rejects('/v1/track', '', 'invalid json: the body is empty');
  });
  it('rejects a body that is not an object', async () => {
    await rejects('/v1/track', '[{"userId":"u","event":"e"}]', 'event is not a valid rudder event: the body must be a JSON object');
    await rejects('/v1/identify', '"u"', 'event is not a valid rudder event: the body must be a JSON object');
  });
  it('answers a request without a body with a 400 text', async () => {
    const answer = await rawRequest(t.url, { method: 'POST', path: '/v1/track', headers: { authorization: t.writeKeyAuth } });
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('invalid json: the body is empty');
  });
});

describe('batch', () => {
  it('stores every entry with its own type', async () => {
    const body = {
      batch: [
        { type: 'identify', userId: 'b1', traits: { plan: 'pro' } },
        { type: 'track', userId: 'b1', event: 'Bought' },
        { type: 'page', anonymousId: 'b1-anon', name: 'Home' },
        { type: 'screen', userId: 'b1', name: 'Cart' },
        { type: 'group', userId: 'b1', groupId: 'org' },
        { type: 'alias', userId: 'b1', previousId: 'b1-anon' },
      ],
    };
    expect((await send(t, '/v1/batch', body)).text).toBe('OK');
    const stored = (await listEvents(t, 'user=b1')).events.concat((await listEvents(t, 'anonymousId=b1-anon')).events);
    expect(stored.map((e) => e.type).sort()).toEqual(['alias', 'group', 'identify', 'page', 'screen', 'track']);
  });
  it('rejects an empty or missing batch', async () => {
    await rejects('/v1/batch', { batch: [] }, 'empty batch payload');
    await rejects('/v1/batch', {}, 'empty batch payload');
    await rejects('/v1/batch', { batch: { type: 'track' } }, 'invalid batch payload: "batch" must be an array');
    await rejects('/v1/batch', [{ type: 'track', userId: 'u', event: 'e' }], /^invalid batch payload/);
  });
  it('reads only the batch array (top-level calls are ignored)', async () => {
    await rejects('/v1/batch', { userId: 'u', event: 'e', type: 'track' }, 'empty batch payload');
  });
  it('requires every entry to be an object with a valid type', async () => {
    const ok = { type: 'track', userId: 'u', event: 'e' };
    await rejects('/v1/batch', { batch: [ok, 'x'] }, 'batch[1]: event is not a valid rudder event: each entry must be a JSON object');
    await rejects('/v1/batch', { batch: [ok, null] }, 'batch[1]: event is not a valid rudder event: each entry must be a JSON object');
    await rejects('/v1/batch', { batch: [ok, { userId: 'u', event: 'e' }] }, /^batch\[1\]: "type" is required/);
    await rejects('/v1/batch', { batch: [{ ...ok, type: 'purchase' }] }, /^batch\[0\]: invalid type "purchase"/);
    await rejects('/v1/batch', { batch: [{ ...ok, type: 'Track' }] }, /^batch\[0\]: invalid type "Track"/);
  });
  it('does not allow merge in a batch', async () => {
    await rejects(
      '/v1/batch',
      { batch: [{ type: 'track', userId: 'u', event: 'e' }, { type: 'merge', userId: 'u', mergeProperties: [{ type: 'a', value: 'b' }] }] },
      /^batch\[1\]: merge is not allowed in a batch/,
    );
  });
  it('applies the per-type rules to each entry and names it', async () => {
    const ok = { type: 'track', userId: 'u', event: 'e' };
    await rejects('/v1/batch', { batch: [ok, ok, { type: 'track', userId: 'u' }] }, 'batch[2]: track: "event" is required');
    await rejects('/v1/batch', { batch: [ok, { type: 'page', event: 'e', name: 'n' }] }, 'batch[1]: request neither has anonymousId nor userId');
    await rejects('/v1/batch', { batch: [{ type: 'group', userId: 'u' }] }, 'batch[0]: group: "groupId" is required');
    await rejects('/v1/batch', { batch: [{ type: 'alias', userId: 'u' }] }, 'batch[0]: alias: "previousId" is required');
    await rejects('/v1/batch', { batch: [{ type: 'screen', userId: 'u' }] }, 'batch[0]: screen: "name" is required');
  });
  it('one bad entry rejects the whole request (nothing stored)', async () => {
    const good = Array.from({ length: 50 }, (_, i) => ({ type: 'track', userId: 'atomic', event: `e${i}` }));
    await rejects('/v1/batch', { batch: [...good, { type: 'track', event: 'no ids' }, ...good] }, 'batch[50]: request neither has anonymousId nor userId');
    expect((await listEvents(t, 'userId=atomic')).events).toHaveLength(0);
  });
});

describe('CORS', () => {
  it('answers a preflight from any origin', async () => {
    const answer = await rawRequest(t.url, {
      method: 'OPTIONS',
      path: '/v1/batch',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(String(answer.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(answer.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
  });
  it('adds CORS headers to answers, errors included', async () => {
    const ok = await send(t, '/v1/track', { userId: 'u', event: 'e' }, { origin: 'https://shop.example' });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const bad = await send(t, '/v1/track', { event: 'e' }, { origin: 'https://shop.example' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
  it('is not open outside /v1', async () => {
    const answer = await rawRequest(t.url, {
      method: 'OPTIONS',
      path: '/studio/api/events',
      headers: { host: new URL(t.url).host, origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
