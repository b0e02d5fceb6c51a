import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

// A tiny static site on its own origin (another port than the studio), as a customer's page is:
// an empty page and the SDK bundles exactly as their npm packages ship them.

const modules = join(dirname(fileURLToPath(import.meta.url)), '../../node_modules');
const v3Root = join(modules, '@rudderstack/analytics-js');
const v2Root = join(modules, 'rudder-sdk-js');

const files: Record<string, string> = {
  // The bundled build carries its plugins (XhrQueue, BeaconQueue, …): nothing from a CDN.
  '/sdk/v3-bundled.js': join(v3Root, 'dist/npm/modern/bundled/umd/index.js'),
  '/sdk/v2.js': join(v2Root, 'dist/npm/index.js'),
};

export interface SdkSite {
  url: string;
  close(): Promise<void>;
}

export function startSdkSite(): Promise<SdkSite> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><head><title>Shop</title></head><body><h1>Shop</h1></body></html>');
      return;
    }
    const file = files[path];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
