import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';
import { BLOCKED_MESSAGE } from './network-guard';

// fetch / fetchV2 against a real HTTP server on loopback. Loopback is private, so the runs that
// must reach it enable allowPrivateNetwork; the block is tested with the setting off.

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === '/json') return res.writeHead(200, { 'content-type': 'application/json', 'x-test': 'yes' }).end(JSON.stringify({ hello: 'world', n: 1 }));
      if (req.url === '/text') return res.writeHead(200, { 'content-type': 'text/plain' }).end('plain text');
      if (req.url === '/missing') return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"nope"}');
      if (req.url === '/echo') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null }));
      if (req.url === '/gzip') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(JSON.stringify({ zipped: true })));
      if (req.url === '/redirect') return res.writeHead(302, { location: '/json' }).end();
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 3000);
      if (req.url?.startsWith('/geoip/')) {
        const ip = decodeURIComponent(req.url.slice('/geoip/'.length));
        if (ip === '8.8.4.4') return res.writeHead(500).end('down');
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ip, country: 'NZ', city: 'Wellington' }));
      }
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  open.sandbox.close();
  closed.sandbox.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const settings = { allowPrivateNetwork: true, geolocationUrl: null as string | null };
const open = sandboxHarness({ getSettings: () => settings, requestTimeoutMs: 500, wallTimeoutMs: 2000, timeoutMs: 1000 });
const closed = sandboxHarness({ getSettings: () => ({ allowPrivateNetwork: false, geolocationUrl: null }) });

const result = async (h: typeof open, body: string) => {
  const out = await h.run(`export async function transformEvent(e) { ${body} }`);
  if (out.results[0]!.error) throw new Error(out.results[0]!.error);
  return out.results[0]!.output!;
};

describe('fetch', () => {
  it('resolves to the parsed JSON body', async () => {
    expect(await result(open, `return { r: await fetch('${base}/json') };`)).toEqual({ r: { hello: 'world', n: 1 } });
  });

  it("resolves to 'ERROR' on a non-JSON body, a network failure or bad arguments; never rejects", async () => {
    const out = await result(open, `return { r: [
      await fetch('${base}/text'),
      await fetch('http://127.0.0.1:1/nothing-listens'),
      await fetch('ftp://example.com/x'),
      await fetch('not a url'),
      await fetch('${base}/json', { method: 'GET', body: 'x' }),
    ] };`);
    expect(out.r).toEqual(['ERROR', 'ERROR', 'ERROR', 'ERROR', 'ERROR']);
  });

  it('parses a JSON error body like any other (status is not checked)', async () => {
    expect(await result(open, `return { r: await fetch('${base}/missing') };`)).toEqual({ r: { error: 'nope' } });
  });

  it('sends method, headers and body; follows redirects; decodes gzip', async () => {
    const out = await result(open, `return {
      echo: await fetch('${base}/echo', { method: 'POST', headers: { Authorization: 'Bearer t' }, body: JSON.stringify({ a: 1 }) }),
      redirected: await fetch('${base}/redirect'),
      gz: await fetch('${base}/gzip'),
    };`);
    expect(out).toEqual({ echo: { method: 'POST', body: '{"a":1}', auth: 'Bearer t' }, redirected: { hello: 'world', n: 1 }, gz: { zipped: true } });
  });

  it('runs requests of a batch concurrently with per-event results', async () => {
    const out = await open.run(`export async function transformEvent(e) { const r = await fetch('${base}/json'); return { ...e, n: r.n }; }`, [
      { messageId: 'a' },
      { messageId: 'b' },
      { messageId: 'c' },
    ]);
    expect(out.results.map((r) => r.output)).toEqual([{ messageId: 'a', n: 1 }, { messageId: 'b', n: 1 }, { messageId: 'c', n: 1 }]);
  });
});

describe('fetchV2', () => {
  it('resolves to {url, status, headers, body} with the body parsed when it is JSON', async () => {
    const out = await result(open, `const a = await fetchV2('${base}/json'); const b = await fetchV2('${base}/text'); const c = await fetchV2('${base}/missing'); return { a, b: b.body, c: c.status };`);
    expect(out.a).toMatchObject({ url: `${base}/json`, status: 200, body: { hello: 'world', n: 1 } });
    expect((out.a as { headers: Record<string, string> }).headers).toMatchObject({ 'content-type': 'application/json', 'x-test': 'yes' });
    expect(out.b).toBe('plain text');
    expect(out.c).toBe(404);
  });

  // Hosted: `const err = JSON.parse(JSON.stringify(error, Object.getOwnPropertyNames(error)));
  // reject.applyIgnored(undefined, [new ivm.ExternalCopy(err).copyInto()]);` with node-fetch's
  // FetchError(`request to ${request.url} failed, reason: ${err.message}`, 'system', err).
  it('rejects on network failure with a plain copy of the FetchError, as hosted', async () => {
    const out = await result(open, `try { await fetchV2('http://127.0.0.1:1/x'); return { ok: true }; } catch (err) { return { ok: false, isError: err instanceof Error, keys: Object.keys(err), err }; }`);
    expect(out).toMatchObject({ ok: false, isError: false, keys: ['message', 'type', 'errno', 'code', 'stack'] });
    expect(out.err).toEqual({
      message: 'request to http://127.0.0.1:1/x failed, reason: connect ECONNREFUSED 127.0.0.1:1',
      type: 'system',
      errno: 'ECONNREFUSED',
      code: 'ECONNREFUSED',
      stack: 'FetchError: request to http://127.0.0.1:1/x failed, reason: connect ECONNREFUSED 127.0.0.1:1',
    });
  });

  it('a request slower than the request timeout rejects', async () => {
    const out = await result(open, `try { await fetchV2('${base}/slow'); return { ok: true }; } catch (err) { return { message: err.message }; }`);
    expect(out.message).toMatch(/timeout/);
  });
});

describe('private and loopback addresses', () => {
  it('are blocked when the setting is off: fetch gives ERROR, fetchV2 rejects with the service wording', async () => {
    const out = await result(closed, `
      const plain = await fetch('${base}/json');
      const reasons = [];
      for (const url of ['${base}/json', '${base.replace('127.0.0.1', 'localhost')}/json', 'http://10.1.2.3/', 'http://192.168.1.1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data']) {
        try { await fetchV2(url); reasons.push('reached ' + url); } catch (err) { reasons.push(err.message); }
      }
      return { plain, reasons };`);
    expect(out.plain).toBe('ERROR');
    // Hosted (ssrfSafeAgentFactory): throw new Error(`blocked request to non-public address: ${host}`);
    const port = new URL(base).port;
    expect(out.reasons).toEqual([
      `${BLOCKED_MESSAGE}: 127.0.0.1`, `${BLOCKED_MESSAGE}: localhost`, `${BLOCKED_MESSAGE}: 10.1.2.3`, `${BLOCKED_MESSAGE}: 192.168.1.1`,
      `${BLOCKED_MESSAGE}: ::1`, `${BLOCKED_MESSAGE}: 169.254.169.254`,
    ]);
    expect(port).not.toBe('');
    expect(seen.filter((r) => r.url === '/json' && r.headers['x-from-closed'])).toHaveLength(0);
  });
});

describe('wall-clock limit', () => {
  it('a batch waiting on a slow request longer than the wall limit fails and the sandbox stays usable', async () => {
    const slow = sandboxHarness({ getSettings: () => settings, requestTimeoutMs: 10_000, wallTimeoutMs: 400, timeoutMs: 300 });
    try {
      expect(await slow.fatal(`export async function transformEvent(e) { await fetch('${base}/slow'); return e; }`)).toBe(
        'Timed out: the transformation did not finish within 400 ms (waiting on fetch, fetchV2 or geolocation)',
      );
      await slow.healthy();
    } finally {
      slow.sandbox.close();
    }
  });
});

describe('geolocation', () => {
  it('resolves location data from the configured service', async () => {
    settings.geolocationUrl = `${base}/`;
    expect(await result(open, `return { g: await geolocation('1.2.3.4') };`)).toEqual({ g: { ip: '1.2.3.4', country: 'NZ', city: 'Wellington' } });
  });

  it('rejects with the documented messages', async () => {
    settings.geolocationUrl = base;
    const out = await result(open, `
      const reasons = [];
      for (const ip of [undefined, '', 'not-an-ip', '8.8.4.4']) {
        try { await geolocation(ip); reasons.push('resolved'); } catch (err) { reasons.push(err.message); }
      }
      return { reasons };`);
    expect(out.reasons).toEqual(['ip address is required', 'ip address is required', 'invalid ip address', 'request to fetch geolocation failed with status code: 500']);
  });

  it('rejects with "geolocation is not available right now" when no service is set or it is unreachable', async () => {
    for (const url of [null, 'http://127.0.0.1:1']) {
      settings.geolocationUrl = url;
      const out = await result(open, `try { await geolocation('1.2.3.4'); return {}; } catch (err) { return { message: err.message }; }`);
      expect(out.message).toBe('geolocation is not available right now');
    }
  });
});
