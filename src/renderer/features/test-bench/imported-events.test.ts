import { describe, expect, it } from 'vitest';
import { importedEvents } from './imported-events';

describe('importedEvents', () => {
  it('reads a JSON array, a /v1/batch body, one event and NDJSON', () => {
    expect(importedEvents('[{"event":"a"},{"event":"b"}]')).toEqual({ ok: true, events: [{ event: 'a' }, { event: 'b' }] });
    expect(importedEvents('{"batch":[{"type":"track"}],"sentAt":"x"}')).toEqual({ ok: true, events: [{ type: 'track' }] });
    expect(importedEvents('{"type":"identify","userId":"u"}')).toEqual({ ok: true, events: [{ type: 'identify', userId: 'u' }] });
    expect(importedEvents('{"event":"a"}\n\n{"event":"b"}\r\n')).toEqual({ ok: true, events: [{ event: 'a' }, { event: 'b' }] });
  });

  it('says what is wrong and where', () => {
    expect(importedEvents('  ')).toEqual({ ok: false, message: 'The file is empty.' });
    expect(importedEvents('[{"event":"a"}, 3]')).toEqual({ ok: false, message: 'Item 2 is not an event object.' });
    expect(importedEvents('"text"')).toMatchObject({ ok: false, message: expect.stringContaining('neither events') });
    const ndjson = importedEvents('{"event":"a"}\n{oops\n');
    expect(ndjson.ok).toBe(false);
    expect(!ndjson.ok && ndjson.message).toMatch(/^Line 2 is not JSON/);
    expect(importedEvents('{"event":"a"}\n[1]')).toEqual({ ok: false, message: 'Line 2 is not an event object.' });
  });
});
