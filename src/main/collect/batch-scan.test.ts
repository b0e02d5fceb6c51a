import { describe, expect, it } from 'vitest';
import { batchEntrySpans, bytesOver } from './batch-scan';

const texts = (body: string) => batchEntrySpans(body)?.map(([s, e]) => body.slice(s, e));

describe('batchEntrySpans', () => {
  it('finds each entry as sent', () => {
    const entries = ['{"type":"track","userId":"u","event":"é ☃ 😀"}', '{ "a" : [1, {"b": "}]\\"\\\\"}], "c": null }', '"text"', '12.5e3', 'null', '[]'];
    const body = `{"sentAt": "x", "batch" : [ ${entries.join(' ,\n ')} ] , "other": {"batch": 1}}`;
    expect(texts(body)).toEqual(entries);
    expect(JSON.parse(body).batch).toHaveLength(entries.length);
  });
  it('takes the last "batch" key, also when escaped, like JSON.parse', () => {
    const body = '{"batch":[{"a":1}],"b\\u0061tch":[{"bb":22},{}]}';
    expect(JSON.parse(body).batch).toEqual([{ bb: 22 }, {}]);
    expect(texts(body)).toEqual(['{"bb":22}', '{}']);
  });
  it('handles empty arrays and other shapes', () => {
    expect(batchEntrySpans('{"batch":[]}')).toEqual([]);
    expect(batchEntrySpans('{"batch":{}}')).toBeUndefined();
    expect(batchEntrySpans('[1]')).toBeUndefined();
    expect(batchEntrySpans('{}')).toBeUndefined();
  });
});

describe('bytesOver', () => {
  it('counts UTF-8 bytes only when the limit could be passed', () => {
    expect(bytesOver('x'.repeat(100), 0, 100, 300)).toBeUndefined();
    expect(bytesOver('é'.repeat(100), 0, 100, 199)).toBe(200);
    expect(bytesOver('é'.repeat(100), 0, 100, 200)).toBeUndefined();
    expect(bytesOver('☃'.repeat(100), 0, 100, 299)).toBe(300);
  });
});
