import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { allEvents, eventually, listEvents, send } from '../testing/event-helpers';

// GET/DELETE /studio/api/events: newest first, cursor, filters, raw body, retention.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
  const batch = [];
  for (let i = 0; i < 30; i++) {
    batch.push({ type: i % 3 === 0 ? 'page' : 'track', userId: `user-${i % 5}`, anonymousId: `anon-${i % 2}`, event: `Event ${i % 4}`, name: `Page ${i % 4}`, messageId: `list-${i}`, properties: { note: i === 7 ? 'Needle In A Haystack' : 'hay' } });
  }
  expect((await send(t, '/v1/batch', { batch })).text).toBe('OK');
});
afterAll(async () => {
  await t.close();
});

describe('list', () => {
  it('lists newest first with the enriched event and indexed fields', async () => {
    const { events, next } = await listEvents(t, 'limit=5');
    expect(events.map((e) => e.messageId)).toEqual(['list-29', 'list-28', 'list-27', 'list-26', 'list-25']);
    expect(next).toBe(events[4].id);
    const first = events[0];
    expect(first).toMatchObject({ type: 'track', eventName: 'Event 1', userId: 'user-4', anonymousId: 'anon-1', messageId: 'list-29' });
    expect(first.event.rudderId).toBeTruthy();
    expect(first.receivedAt).toBe(first.event.receivedAt);
  });

  it('pages with the cursor until next is null', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listEvents(t, `limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.events.map((e) => e.messageId));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `list-${29 - i}`));
  });

  it('filters by type, event name, user, anonymousId, messageId and source', async () => {
    expect((await allEvents(t, 'type=page')).every((e) => e.type === 'page')).toBe(true);
    expect(await allEvents(t, 'type=page')).toHaveLength(10);
    expect(await allEvents(t, 'type=page,track')).toHaveLength(30);
    const named = await allEvents(t, `event=${encodeURIComponent('Event 2')}&type=track`);
    expect(named.map((e) => e.messageId).sort()).toEqual(['list-10', 'list-14', 'list-2', 'list-22', 'list-26'].sort());
    expect((await allEvents(t, `event=${encodeURIComponent('Page 0')}`)).map((e) => e.messageId).sort()).toEqual(['list-0', 'list-12', 'list-24'].sort());
    expect(await allEvents(t, 'userId=user-3')).toHaveLength(6);
    expect(await allEvents(t, 'anonymousId=anon-1')).toHaveLength(15);
    expect(await allEvents(t, 'user=anon-1')).toHaveLength(15);
    expect(await allEvents(t, 'user=user-3')).toHaveLength(6);
    expect(await allEvents(t, 'userId=user-3&anonymousId=anon-1')).toHaveLength(3);
    expect((await allEvents(t, 'messageId=list-13'))[0].messageId).toBe('list-13');
    const { body: sources } = await t.call('GET', '/studio/api/sources');
    expect(await allEvents(t, `sourceId=${sources.sources[0].id}`)).toHaveLength(30);
    expect(await allEvents(t, 'sourceId=nope')).toHaveLength(0);
  });

  it('searches free text case-insensitively, with LIKE wildcards taken literally', async () => {
    expect((await allEvents(t, 'q=needle%20in')).map((e) => e.messageId)).toEqual(['list-7']);
    // As wildcards, "ne_dle" and "needle%haystack" would match list-7.
    expect(await allEvents(t, 'q=ne_dle')).toHaveLength(0);
    expect(await allEvents(t, 'q=needle%25haystack')).toHaveLength(0);
    expect(await allEvents(t, 'q=request_ip')).toHaveLength(30);
  });

  it('filters by a time range on receivedAt', async () => {
    const [newest] = (await listEvents(t, 'limit=1')).events;
    const at = newest.receivedAt;
    expect(await allEvents(t, `from=${at}&to=${at}`)).toHaveLength(30);
    const later = new Date(Date.parse(at) + 1).toISOString();
    expect(await allEvents(t, `from=${later}`)).toHaveLength(0);
    const earlier = new Date(Date.parse(at) - 1).toISOString();
    expect(await allEvents(t, `to=${earlier}`)).toHaveLength(0);
  });

  it('answers 400 for bad parameters', async () => {
    for (const query of ['limit=0', 'limit=501', 'limit=x', 'cursor=abc', 'from=yesterday', 'to=2024-13-45']) {
      const answer = await t.call('GET', `/studio/api/events?${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(answer.body.error).toBeTruthy();
    }
  });

  it('needs management auth', async () => {
    const answer = await fetch(`${t.url}/studio/api/events`);
    expect(answer.status).toBe(401);
  });
});

describe('lookup index', () => {
  it('catches up in the background, and filters answer the same before and after', async () => {
    const queries = ['userId=user-3', 'anonymousId=anon-1', 'user=anon-0', 'messageId=list-13', `event=${encodeURIComponent('Event 2')}`, 'q=needle', 'type=page'];
    const before = await Promise.all(queries.map((q) => allEvents(t, q)));
    const stats = await eventually(async () => {
      const { body } = await t.call('GET', '/studio/api/events/stats');
      return body.lastId !== null && body.indexedUpTo === body.lastId ? body : undefined;
    });
    expect(stats.count).toBe(30);
    const after = await Promise.all(queries.map((q) => allEvents(t, q)));
    expect(after).toEqual(before);
    expect(before.map((list) => list.length)).toEqual([6, 15, 15, 1, 5, 1, 10]);
  });
});

describe('one event', () => {
  it('returns the event with the raw request it came in with', async () => {
    expect((await send(t, '/v1/track', '{"userId":"raw","event":"Raw",  "messageId":"raw-1"}')).text).toBe('OK');
    const [item] = (await listEvents(t, 'userId=raw')).events;
    const { status, body } = await t.call('GET', `/studio/api/events/${item.id}`);
    expect(status).toBe(200);
    expect(body.request).toMatchObject({ callType: 'track', requestIp: '127.0.0.1', eventCount: 1, body: '{"userId":"raw","event":"Raw",  "messageId":"raw-1"}' });
    expect(body.event.messageId).toBe('raw-1');
    const [batchItem] = (await listEvents(t, 'messageId=list-3')).events;
    const batch = (await t.call('GET', `/studio/api/events/${batchItem.id}`)).body;
    expect(batch.request.callType).toBe('batch');
    expect(batch.request.eventCount).toBe(30);
    expect(JSON.parse(batch.request.body).batch).toHaveLength(30);
  });
  it('answers 404 and 400 for unknown and malformed ids', async () => {
    expect((await t.call('GET', '/studio/api/events/999999')).status).toBe(404);
    expect((await t.call('GET', '/studio/api/events/abc')).status).toBe(400);
  });
});

describe('delete', () => {
  it('deletes one event', async () => {
    const [item] = (await listEvents(t, 'messageId=list-0')).events;
    expect((await t.call('DELETE', `/studio/api/events/${item.id}`)).body).toEqual({ deleted: 1 });
    expect((await listEvents(t, 'messageId=list-0')).events).toHaveLength(0);
    expect((await t.call('DELETE', `/studio/api/events/${item.id}`)).status).toBe(404);
  });
  it('deletes by filter and refuses an unfiltered delete without all=true', async () => {
    expect((await t.call('DELETE', '/studio/api/events')).status).toBe(400);
    const before = (await allEvents(t)).length;
    expect((await t.call('DELETE', '/studio/api/events?userId=user-1')).body).toEqual({ deleted: 6 });
    expect(await allEvents(t, 'userId=user-1')).toHaveLength(0);
    expect((await allEvents(t)).length).toBe(before - 6);
  });
  it('keeps the raw request while any of its events remain', async () => {
    const [item] = (await listEvents(t, 'messageId=list-3')).events;
    expect((await t.call('GET', `/studio/api/events/${item.id}`)).body.request).not.toBeNull();
  });
});

describe('retention', () => {
  it('has a default and can be changed', async () => {
    expect((await t.call('GET', '/studio/api/events/retention')).body).toEqual({ maxAgeDays: 30, maxEvents: null });
    expect((await t.call('PUT', '/studio/api/events/retention', { maxAgeDays: 0 })).status).toBe(400);
    expect((await t.call('PUT', '/studio/api/events/retention', { maxEvents: 'many' })).status).toBe(400);
    expect((await t.call('PUT', '/studio/api/events/retention', { keep: 1 })).status).toBe(400);
  });
  it('keeps at most maxEvents (oldest go first)', async () => {
    const newest = (await listEvents(t, 'limit=4')).events.map((e) => e.messageId);
    const { body } = await t.call('PUT', '/studio/api/events/retention', { maxEvents: 4 });
    expect(body).toEqual({ maxAgeDays: 30, maxEvents: 4 });
    const left = await eventually(async () => {
      const all = await allEvents(t);
      return all.length === 4 ? all : undefined;
    });
    expect(left.map((e) => e.messageId)).toEqual(newest);
    await t.call('PUT', '/studio/api/events/retention', { maxEvents: null });
    expect((await t.call('GET', '/studio/api/events/retention')).body).toEqual({ maxAgeDays: 30, maxEvents: null });
  });
  it('survives a restart', async () => {
    await t.call('PUT', '/studio/api/events/retention', { maxAgeDays: 7 });
    t = await t.restart();
    expect((await t.call('GET', '/studio/api/events/retention')).body).toEqual({ maxAgeDays: 7, maxEvents: null });
  });
});
