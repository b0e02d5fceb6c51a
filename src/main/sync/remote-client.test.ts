import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteClient } from './remote-client';

// A wrong base URL (here: a server whose every path is a JSON 404, like a web app's API under
// another prefix) is named as such on either collection, so the connection test's explanation
// does not depend on which of its two calls answered first.

describe('remote client on a wrong base URL', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `Route GET:${req.url} not found`, error: 'Not Found', statusCode: 404 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(['listTransformations', 'listLibraries'] as const)('%s: a JSON 404 is a wrong base URL', async (call) => {
    const client = remoteClient({ baseUrl: base, email: 'a@b.c', token: 't' });
    await expect(client[call]()).rejects.toMatchObject({ kind: 'wrong_base_url', status: 404 });
  });
});
