import type { FastifyInstance } from 'fastify';

export interface HostCheckOptions {
  /** Extra host names (with or without port) allowed via --allow-host. */
  allowHosts: string[];
  /** The host the server is bound to (its own name is always allowed). */
  bindHost: string;
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Refuses management, studio and UI requests whose Host header is not this server's own
 * loopback name and port (or an allowed name): a defence against DNS rebinding from web
 * pages. The event API (/v1/…) stays open to any Host for SDK traffic.
 */
export function registerHostCheck(app: FastifyInstance, options: HostCheckOptions): void {
  const allowedNames = new Set(options.allowHosts.map((h) => h.toLowerCase()));
  let listening: number | undefined; // the port, once the server listens (it never changes then)
  const portNow = () => {
    if (listening !== undefined) return listening;
    const address = app.server.address();
    return (listening = typeof address === 'object' && address ? address.port : undefined);
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/v1/')) return;
    const port = portNow();
    const host = (request.headers.host ?? '').toLowerCase();
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
    const hostPort = host.slice(name.length + 1);
    const ownNames = [...LOOPBACK, options.bindHost.toLowerCase()];
    const ok =
      (ownNames.includes(name) && hostPort === String(port)) ||
      allowedNames.has(host) ||
      allowedNames.has(name);
    if (!ok) {
      return reply
        .status(403)
        .send({
          error: `Host "${request.headers.host ?? ''}" is not allowed. Use http://127.0.0.1:${port}/ or start the server with --allow-host ${name || 'NAME'}.`,
          code: 'forbidden',
        });
    }
  });
}
