import { describe, expect, it } from 'vitest';
import { parseBasicAuth } from './write-key';

const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;

describe('parseBasicAuth', () => {
  it('splits at the first colon so passwords may hold colons', () => {
    expect(parseBasicAuth(basic('a@b.c:to:ken'))).toEqual({ user: 'a@b.c', password: 'to:ken' });
  });
  it('accepts an empty password (write keys)', () => {
    expect(parseBasicAuth(basic('key:'))).toEqual({ user: 'key', password: '' });
  });
  it('rejects missing, non-Basic and colon-less values', () => {
    expect(parseBasicAuth(undefined)).toBeUndefined();
    expect(parseBasicAuth('Bearer abc')).toBeUndefined();
    expect(parseBasicAuth(basic('nocolon'))).toBeUndefined();
    expect(parseBasicAuth('Basic ')).toBeUndefined();
  });
});
