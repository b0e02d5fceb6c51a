import type { FastifyReply, FastifyRequest } from 'fastify';

const KEEPALIVE_MS = 15_000;

/**
 * Answers with a server-sent event stream: `subscribe` is handed a send function and returns its
 * unsubscribe, called when the client goes; a comment line every 15 s keeps proxies from closing it.
 */
export function eventStream(request: FastifyRequest, reply: FastifyReply, subscribe: (send: (data: unknown) => void) => () => void): void {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  reply.raw.write(': listening\n\n');
  const stop = subscribe((data) => reply.raw.write(`data: ${JSON.stringify(data)}\n\n`));
  const keepalive = setInterval(() => reply.raw.write(': keepalive\n\n'), KEEPALIVE_MS);
  keepalive.unref?.();
  request.raw.on('close', () => {
    clearInterval(keepalive);
    stop();
  });
}
