import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { send } from '../testing/event-helpers';

// /studio/api/events: JSON-path filter, counts per type, selection by ids, export, import.

let t: TestStudio;
let sourceId: string;
beforeAll(async () => {
  t = await startTestStudio();
  sourceId = (await t.call('GET', '/studio/api/sources')).body.sources[0].id;
  const batch = [];
  for (let i = 0; i < 20; i++) {
    batch.push({ type: i % 4 === 0 ? 'identify' : 'track', userId: `u${i}`, event: 'Order Completed', properties: { revenue: i * 10, tag: i % 2 ? 'odd' : 'even' }, context: { library: { name: i < 5 ? 'analytics-node' : 'analytics.js' } } });
  }
  expect((await send(t, '/v1/batch', { batch })).text).toBe('OK');
});
afterAll(async () => {
  await t.close();
});

const get = async (path: string) => {
  const answer = await t.call('GET', path);
  return answer;
};

describe('filters', () => {
  it('matches JSON-path conditions and answers a bad one with 400', async () => {
    const big = await get(`/studio/api/events?limit=100&where=${encodeURIComponent('properties.revenue > 100')}`);
    expect(big.status).toBe(200);
    expect(big.body.events.map((e: any) => e.event.properties.revenue).sort((a: number, b: number) => a - b)).toEqual([110, 120, 130, 140, 150, 160, 170, 180, 190]);
    const both = await get(`/studio/api/events?limit=100&where=${encodeURIComponent('properties.revenue >= 20 and context.library.name = "analytics-node"')}`);
    expect(both.body.events.map((e: any) => e.userId).sort()).toEqual(['u2', 'u3', 'u4']);
    const bad = await get(`/studio/api/events?where=${encodeURIComponent('revenue')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^where: “revenue”: needs an operator and a value/);
  });

  it('answers every malformed JSON path with a 400 naming the problem, on list, counts, export and delete alike', async () => {
    const malformed: [string, RegExp][] = [
      ['properties.revenue >>> 100', /^where: “properties.revenue >>> 100”: unknown operator “>>>”; operators: =, !=, >, >=, <, <=, ~/],
      ['foo bar baz', /^where: “foo bar baz”: expected an operator after foo, got “bar”/],
      ['properties.revenue > > 1', /^where: .*two operators in a row/],
      ['properties.revenue >', /^where: .*no value after >/],
      ['> 100', /^where: .*no field path/],
      ['a = "open', /^where: .*no closing "/],
      ['a = 1 and', /^where: nothing after the last "and"/],
      ['a = 1 or b = 2', /^where: “a = 1 or b = 2”: "or" does not join conditions/],
      ['properties.revenue < null', /^where: .*not null/],
      ['a..b = 1', /^where: “a..b” is not a field path/],
    ];
    const before = (await get('/studio/api/events/counts')).body.total;
    for (const [where, message] of malformed) {
      const q = `where=${encodeURIComponent(where)}`;
      for (const [method, path] of [['GET', `/studio/api/events?${q}`], ['GET', `/studio/api/events/counts?${q}`], ['GET', `/studio/api/events/export?${q}`], ['DELETE', `/studio/api/events?${q}`]] as const) {
        const answer = await t.call(method, path);
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.body, `${method} ${path}`).toMatchObject({ code: 'validation', error: expect.stringMatching(message) });
      }
    }
    expect((await get('/studio/api/events/counts')).body.total).toBe(before);
  });

  it('counts per type under the other filters', async () => {
    const all = await get('/studio/api/events/counts');
    expect(all.body).toEqual({ total: 20, types: { identify: 5, track: 15 } });
    const odd = await get(`/studio/api/events/counts?type=track&where=${encodeURIComponent('properties.tag = odd')}`);
    expect(odd.body).toEqual({ total: 10, types: { track: 10 } });
  });

  it('selects by ids, exports them, deletes them', async () => {
    const page = await get('/studio/api/events?limit=3');
    const ids = page.body.events.map((e: any) => e.id);
    const exported = await fetch(`${t.url}/studio/api/events/export?ids=${ids.join(',')}`, { headers: { authorization: t.auth } });
    const lines = (await exported.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((e) => e.messageId)).toEqual(page.body.events.map((e: any) => e.messageId));
    const json = await fetch(`${t.url}/studio/api/events/export?format=json&type=identify`, { headers: { authorization: t.auth } });
    expect(((await json.json()) as unknown[]).length).toBe(5);
    const deleted = await t.call('DELETE', `/studio/api/events?ids=${ids.join(',')}`);
    expect(deleted.body).toEqual({ deleted: 3 });
    expect((await get('/studio/api/events/counts')).body.total).toBe(17);
  });
});

describe('import', () => {
  const importFile = (content: string, format?: string) => t.call('POST', '/studio/api/events/import', { sourceId, content, format });

  it('imports NDJSON all or nothing, naming the rejected line', async () => {
    const before = (await get('/studio/api/events/counts')).body.total;
    const bad = await importFile(['{"type":"track","event":"A","userId":"x"}', '{"type":"track","userId":"x"}', 'not json'].join('\n'));
    expect(bad.status).toBe(400);
    expect(bad.body.rejected.map((r: any) => r.at)).toEqual(['line 2', 'line 3']);
    expect(bad.body.rejected[0].error).toMatch(/event/);
    expect((await get('/studio/api/events/counts')).body.total).toBe(before);
    const good = await importFile(['{"type":"track","event":"A","userId":"x"}', '{"type":"identify","userId":"y"}'].join('\n'));
    expect(good.body).toMatchObject({ format: 'ndjson', imported: 2, rejected: [] });
  });

  it('imports HAR /v1 requests, {batch}, a JSON array and curl commands', async () => {
    const har = {
      log: {
        entries: [
          { request: { method: 'GET', url: 'https://example.com/' } },
          { request: { method: 'POST', url: 'https://dp.example.com/v1/track', postData: { text: JSON.stringify({ event: 'From HAR', userId: 'h' }) } } },
          { request: { method: 'POST', url: 'https://dp.example.com/v1/batch', postData: { text: JSON.stringify({ batch: [{ type: 'page', name: 'P', anonymousId: 'a' }] }) } } },
        ],
      },
    };
    expect((await importFile(JSON.stringify(har))).body).toMatchObject({ format: 'har', requests: 2, imported: 2 });
    expect((await importFile(JSON.stringify({ batch: [{ type: 'track', event: 'B', userId: 'b' }] }))).body).toMatchObject({ format: 'batch', imported: 1 });
    expect((await importFile(JSON.stringify([{ type: 'group', groupId: 'g', userId: 'u' }]))).body).toMatchObject({ format: 'json', imported: 1 });
    const curl = `curl -X POST https://dp.example.com/v1/track \\\n  -u 'key:' -H 'Content-Type: application/json' \\\n  -d '{"event":"From curl","userId":"c"}'`;
    expect((await importFile(curl)).body).toMatchObject({ format: 'curl', imported: 1 });
    const names = (await get('/studio/api/events?limit=10&type=track')).body.events.map((e: any) => e.eventName);
    expect(names).toEqual(expect.arrayContaining(['From HAR', 'From curl', 'B']));
  });
});
