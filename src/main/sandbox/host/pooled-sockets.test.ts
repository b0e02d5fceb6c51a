import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';
import { isPublicAddress } from './network-guard';

// The private-network guard holds per request, not per socket: a keep-alive socket to a name that
// resolves to a private address (opened by geolocation, which may reach its configured service,
// or by a run while private networks were allowed) is never reused by a later fetch.

let server: Server;
let port = 0;
const privateHits: string[] = [];
// This machine's own name: it resolves to a non-public address (checked below), as the name of a
// geolocation service on the local network would.
const name = hostname();

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/private')) privateHits.push(req.url);
    res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' }).end('{"ok":true}');
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  guarded.sandbox.close();
  switching.sandbox.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const settings = { allowPrivateNetwork: false, geolocationUrl: null as string | null };
const guarded = sandboxHarness({ getSettings: () => ({ allowPrivateNetwork: false, geolocationUrl: `http://${name}:${port}` }), requestTimeoutMs: 2000 });
const switching = sandboxHarness({ getSettings: () => settings, requestTimeoutMs: 2000 });

const output = async (h: typeof guarded, body: string) => {
  const out = await h.run(`export async function transformEvent(e) { ${body} }`);
  return out.results[0]!.output ?? { error: out.results[0]!.error };
};

describe('private-network guard with keep-alive sockets', () => {
  it('the machine name resolves to a non-public address (the premise of the repro)', async () => {
    const { address } = await lookup(name);
    expect(isPublicAddress(address)).toBe(false);
  });

  it('a socket geolocation opened is not reused by fetchV2 to a private path: blocked 5 of 5', async () => {
    for (let i = 0; i < 5; i++) {
      const out = await output(
        guarded,
        `const geo = await geolocation('8.8.8.8');
         try { const r = await fetchV2('http://${name}:${port}/private/${i}'); return { geo, reached: r.status }; }
         catch (error) { return { geo, blocked: error.message }; }`,
      );
      expect(out.geo).toEqual({ ok: true });
      expect(out.blocked).toMatch(/non-public address|cannot use .* as IP address/);
    }
    expect(privateHits).toEqual([]);
  }, 30_000);

  it('turning allowPrivateNetwork off takes effect for the next request, pooled sockets or not', async () => {
    settings.allowPrivateNetwork = true;
    expect(await output(switching, `return (await fetchV2('http://${name}:${port}/open')).body;`)).toEqual({ ok: true });
    settings.allowPrivateNetwork = false;
    for (let i = 0; i < 5; i++) {
      const out = await output(switching, `try { await fetchV2('http://${name}:${port}/private/after-${i}'); return { reached: true }; } catch (e) { return { blocked: e.message }; }`);
      expect(out.blocked).toMatch(/non-public address|cannot use .* as IP address/);
    }
    expect(privateHits).toEqual([]);
  }, 30_000);
});
