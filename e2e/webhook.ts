import { createServer, type Server } from 'node:http';

/** A local webhook that answers 200 "ok" (once `held` settles) and keeps every JSON body it received, in order. */
export async function startWebhook<T = Record<string, unknown>>(held = Promise.resolve()): Promise<{ url: string; received: T[]; close: () => Promise<void> }> {
  const received: T[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T);
      void held.then(() => res.writeHead(200).end('ok'));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/in`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
