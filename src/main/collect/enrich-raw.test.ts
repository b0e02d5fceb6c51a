import { describe, expect, it } from 'vitest';
import { sampleEvents } from '../testing/fixtures';
import { enrich, type RequestFacts } from './enrich';
import { parseEventBody } from './parse';

// Enrichment extends the raw text of a call when it only adds fields; the stored JSON must
// mean exactly what serialising the enriched object means.

const sample = sampleEvents();
const facts: RequestFacts = { receivedMs: Date.UTC(2026, 10, 2), receivedAt: new Date(Date.UTC(2026, 10, 2)).toISOString(), requestIp: '203.0.113.9' };

/** Enriched JSON through the raw-text path (parse gives each call its raw text) and through serialisation. */
function both(body: string) {
  const parsed = parseEventBody('batch', Buffer.from(body));
  if (typeof parsed === 'string') throw new Error(parsed);
  const again = parseEventBody('batch', Buffer.from(body));
  if (typeof again === 'string') throw new Error(again);
  return parsed.calls.map((c, i) => {
    const viaRaw = enrich(c.call, c.type, facts, c.raw);
    const serialised = enrich(again.calls[i]!.call, again.calls[i]!.type, facts);
    const a = JSON.parse(viaRaw.json);
    const b = JSON.parse(serialised.json);
    // A messageId generated for a call without a usable one differs between the two runs.
    const sent = JSON.parse(c.raw!).messageId;
    if (!(typeof sent === 'string' && sent.trim())) b.messageId = a.messageId;
    return { raw: c.raw, viaRaw: viaRaw.json, a, b };
  });
}

describe('enriched JSON from the raw text', () => {
  it('means the same as serialising, for the sample events', () => {
    const results = both(JSON.stringify({ batch: sample }));
    for (const r of results) expect(r.a).toEqual(r.b);
    // The usual case takes the raw path: the stored text starts with the call as sent.
    const extended = results.filter((r) => r.viaRaw.startsWith(r.raw!.slice(0, -1)));
    expect(extended.length).toBe(sample.length);
  });

  it('means the same with odd formatting, escapes and replaced fields', () => {
    const body = `{"batch": [
      { "type" : "track", "userId":"u\\u0031", "event":"caf\\u00e9 ☃", "properties": {"a": [1, 2.50, {"b": null}]} } ,
      {"type":"identify","anonymousId":"a","messageId":"  ","timestamp":"2024-01-01T00:00:00+02:00"},
      {"type":"page","userId":7,"name":"Home","receivedAt":"1999-01-01T00:00:00.000Z","request_ip":"","sentAt":"2024-02-30T00:00:00.000Z"},
      {"type":"group","userId":"g","groupId":"x","rudderId":"forged","__proto__":{"polluted":true}},
      {"type":"alias","userId":"z","previousId":"y","messageId":"m-1","originalTimestamp":"2024-03-01T10:00:00.000Z","sentAt":"2024-03-01T10:00:02.000Z"}
    ]}`;
    const results = both(body);
    for (const r of results) expect(r.a).toEqual(r.b);
    expect(results[0]!.viaRaw.startsWith('{ "type" : "track"')).toBe(true);
    expect(results[0]!.a.userId).toBe('u1');
    expect(results[4]!.viaRaw.startsWith('{"type":"alias"')).toBe(true);
    expect(({} as any).polluted).toBeUndefined();
  });

  it('extends single calls and empty objects too', () => {
    const parsed = parseEventBody('identify', Buffer.from('  {"userId":"s1"}  \n'));
    if (typeof parsed === 'string') throw new Error(parsed);
    const row = enrich(parsed.calls[0]!.call, 'identify', facts, parsed.calls[0]!.raw);
    expect(row.json.startsWith('{"userId":"s1","type":"identify","messageId":')).toBe(true);
    expect(JSON.parse(row.json)).toMatchObject({ userId: 's1', type: 'identify', receivedAt: facts.receivedAt, request_ip: '203.0.113.9' });
  });
});
