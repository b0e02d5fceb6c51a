import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';

// Argument checks, error texts and rejection values of the host functions, each beside the line of
// the hosted runtime (rudder-transformer src/util/ivmFactory.js and src/util/utils.js) it follows.

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/headers') return res.writeHead(200, { 'x-zeta': '1', 'content-type': 'application/json', 'x-alpha': '2' }).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  h.sandbox.close();
  await new Promise((resolve) => server.close(resolve));
});

const settings = { allowPrivateNetwork: true, geolocationUrl: null as string | null };
const h = sandboxHarness({ getSettings: () => settings });
const output = async (body: string) => {
  const out = await h.run(`export async function transformEvent(e) { ${body} }`);
  if (out.results[0]!.error) throw new Error(out.results[0]!.error);
  return out.results[0]!.output!;
};
const rejectionOf = (call: string): Promise<{ isError?: boolean; keys?: string[]; err: { message: string; stack: string } }> =>
  output(`try { await ${call}; return { resolved: true }; } catch (err) { return { isError: err instanceof Error, keys: Object.keys(err), err }; }`) as Promise<never>;

describe('fetchV2 argument checks (fetchWithDnsWrapper)', () => {
  it('no URL: "fetch url is required", a plain {stack, message}', async () => {
    // if (args.length === 0) { throw new Error('fetch url is required'); }
    expect(await rejectionOf('fetchV2()')).toEqual({ isError: false, keys: ['stack', 'message'], err: { stack: 'Error: fetch url is required', message: 'fetch url is required' } });
  });

  it('a URL that is not a string fails where the hosted code calls .trim()', async () => {
    // const fetchURL = args[0].trim();
    expect((await rejectionOf('fetchV2(undefined)')).err).toEqual({ stack: "TypeError: Cannot read properties of undefined (reading 'trim')", message: "Cannot read properties of undefined (reading 'trim')" });
    expect((await rejectionOf('fetchV2(42)')).err).toEqual({ stack: 'TypeError: args[0].trim is not a function', message: 'args[0].trim is not a function' });
  });

  it('an unparsable URL and a non-http scheme', async () => {
    // blockLocalhostRequests: throw new Error(`invalid url, ${error.message}`);
    expect((await rejectionOf("fetchV2('not a url')")).err.message).toBe('invalid url, Invalid URL');
    // blockInvalidProtocolRequests: throw new Error(`invalid protocol, only http and https are supported`);
    expect((await rejectionOf("fetchV2('ftp://example.com/x')")).err.message).toBe('invalid protocol, only http and https are supported');
  });

  it('fetch (v1) resolves "ERROR" for the same mistakes and never rejects', async () => {
    // catch (error) { resolve.applyIgnored(undefined, [new ivm.ExternalCopy('ERROR').copyInto()]); }
    expect(await output(`return { a: await fetch(), b: await fetch(undefined), c: await fetch('not a url') };`)).toEqual({ a: 'ERROR', b: 'ERROR', c: 'ERROR' });
  });
});

describe('fetchV2 answer', () => {
  it('headers come in node-fetch order (sorted names)', async () => {
    // for (const [header, value] of res.headers) { headersContent[header] = value; }
    const out = await output(`const r = await fetchV2('${base}/headers'); return { names: Object.keys(r.headers) };`);
    expect(out.names).toEqual([...(out.names as string[])].sort());
    expect(out.names).toEqual(expect.arrayContaining(['x-alpha', 'x-zeta', 'content-type']));
  });
});

describe('geolocation', () => {
  it('rejects with a plain {stack, message} copy of the Error', async () => {
    // validateIp: throw new Error('invalid ip address'); … reject.applyIgnored(undefined, [new ivm.ExternalCopy(err).copyInto()]);
    expect(await rejectionOf("geolocation('not-an-ip')")).toEqual({ isError: false, keys: ['stack', 'message'], err: { stack: 'Error: invalid ip address', message: 'invalid ip address' } });
  });
});
