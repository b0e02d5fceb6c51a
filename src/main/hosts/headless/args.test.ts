import { describe, expect, it } from 'vitest';
import { parseHeadlessArgs } from './args';

describe('headless flags', () => {
  it('parse port, host, data dir and repeated allow-host', () => {
    expect(parseHeadlessArgs(['--port', '0', '--host', '0.0.0.0', '--data-dir', '/tmp/d', '--allow-host', 'a', '--allow-host', 'b'])).toEqual({
      port: 0, host: '0.0.0.0', dataDir: '/tmp/d', allowHosts: ['a', 'b'], open: false, help: false,
    });
  });
  it('default to loopback', () => {
    expect(parseHeadlessArgs([]).host).toBe('127.0.0.1');
    expect(parseHeadlessArgs(['--one-shot', 'replay']).oneShot).toBe('replay');
    expect(parseHeadlessArgs([]).oneShot).toBeUndefined();
  });
  it('reject a bad port and unknown flags with a message', () => {
    expect(() => parseHeadlessArgs(['--port', 'abc'])).toThrow(/--port must be a number/);
    expect(() => parseHeadlessArgs(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseHeadlessArgs(['--bogus'])).toThrow(/bogus/);
    expect(() => parseHeadlessArgs(['--one-shot', 'serve'])).toThrow('--one-shot must be one of test, replay, got "serve"');
  });
});
