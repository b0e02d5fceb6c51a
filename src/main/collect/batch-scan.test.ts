import { describe, expect, it } from 'vitest';
import { batchEntrySizes } from './batch-scan';

const sizesOf = (entries: string[]) => entries.map((e) => Buffer.byteLength(e));

describe('batchEntrySizes', () => {
  it('measures each entry as sent, in bytes', () => {
    const entries = ['{"type":"track","userId":"u","event":"é ☃"}', '{ "a" : [1, {"b": "}]\\"\\\\"}], "c": null }', '"text"', '12.5e3', 'null', '[]'];
    const body = Buffer.from(`{"sentAt": "x", "batch" : [ ${entries.join(' ,\n ')} ] , "other": {"batch": 1}}`);
    expect(batchEntrySizes(body)).toEqual(sizesOf(entries));
  });
  it('takes the last "batch" key, also when escaped, like JSON.parse', () => {
    const body = Buffer.from('{"batch":[{"a":1}],"b\\u0061tch":[{"bb":22},{}]}');
    expect(JSON.parse(body.toString()).batch).toEqual([{ bb: 22 }, {}]);
    expect(batchEntrySizes(body)).toEqual([9, 2]);
  });
  it('handles empty arrays and other shapes', () => {
    expect(batchEntrySizes(Buffer.from('{"batch":[]}'))).toEqual([]);
    expect(batchEntrySizes(Buffer.from('{"batch":{}}'))).toBeUndefined();
    expect(batchEntrySizes(Buffer.from('[1]'))).toBeUndefined();
    expect(batchEntrySizes(Buffer.from('{}'))).toBeUndefined();
  });
});
