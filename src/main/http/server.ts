import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import { createEventApiHandler } from '../collect/http/event-api-handler';
import type { StudioContext } from '../context';
import type { OneShotCommand } from '../../shared/one-shot';
import { APP_VERSION } from './version';
import { managementAuth } from './auth';
import { registerErrorHandling } from './errors';
import { OneLinePerRequest } from './request-log';
import { registerHostCheck } from './host-check';
import { registerJsonOnly } from './json-only';
import { oneHostHeader } from './one-host';
import { eventRoutes, managementRoutes, oneShotRoutes, openRoutes } from './routes';
import { registerValidation } from './validation';
import { createBodyDeadlines, type BodyTimeouts } from './body-deadline';
import { logSerializers } from './log-serializers';
import { lazySchemaController } from './lazy-compilers';
import { rotatingLogFile, type LogRotation } from './log-file';

// node:http through require: an ES import of it builds its ESM facade, which reads every export,
// and one of them loads Node's bundled undici (~30 ms of the core's start, bench/startup.mjs).
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

export interface HttpOptions {
  bindHost: string;
  allowHosts: string[];
  rendererDir?: string;
  logFile?: string;
  /** Size-based rotation of the log file (tests lower it). */
  logRotation?: Partial<LogRotation>;
  /** Default body limit of the management and studio APIs (bytes). */
  bodyLimit?: number;
  /** Request body deadline and minimum rate on every route (tests lower them). */
  bodyTimeouts?: Partial<BodyTimeouts>;
  /**
   * A one-shot core (StudioOptions.oneShot): only the routes the CLI's folder commands call
   * (routes/index.ts oneShotRoutes), no API document, no UI, no event API routes. Each route's
   * response serializers compile at registration, and @fastify/swagger and @fastify/static load
   * only when used: most of a core's start that such a core does not need.
   */
  oneShot?: OneShotCommand;
}

export async function createHttpServer(ctx: StudioContext, options: HttpOptions): Promise<FastifyInstance> {
  // The event API's node:http handler answers its paths first; Fastify answers everything else,
  // and the event paths too once the server is closing (503 while draining).
  const eventApi = createEventApiHandler({ collect: ctx.collect, sources: ctx.store.sources, log: () => ctx.log, workspaceId: ctx.account.workspaceId });
  let closing = false;
  const bodies = createBodyDeadlines(options.bodyTimeouts);
  const logStream = options.logFile ? rotatingLogFile(options.logFile, options.logRotation) : undefined;
  const app = Fastify({
    serverFactory: (fastify) => {
      // Node's own whole-request timeout stays as a backstop behind the body deadline (which answers first, with a reason).
      const server = createServer({ requestTimeout: bodies.limits.deadlineMs * 2 }, (req, res) => {
        if (!oneHostHeader(req, res)) return false;
        bodies.track(req, res);
        return (closing || !eventApi(req, res)) && fastify(req, res);
      });
      return server;
    },
    logger: logStream ? { level: 'info', stream: logStream, serializers: logSerializers } : false,
    logController: new OneLinePerRequest(),
    bodyLimit: options.bodyLimit ?? 4 * 1024 * 1024,
    trustProxy: false,
    forceCloseConnections: true,
    return503OnClosing: true,
    ajv: undefined,
    schemaController: lazySchemaController(),
  });
  ctx.log = app.log;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    bodies.close();
    logStream?.close();
  });
  registerValidation(app);
  registerErrorHandling(app);
  registerHostCheck(app, { allowHosts: options.allowHosts, bindHost: options.bindHost });
  registerJsonOnly(app);
  if (!options.oneShot) await (await import('./openapi')).registerOpenApi(app, APP_VERSION);

  for (const plugin of openRoutes(ctx)) await app.register(plugin);
  await app.register(async (scope) => {
    scope.addHook('onRequest', managementAuth(ctx.auth));
    for (const plugin of options.oneShot ? oneShotRoutes(ctx, options.oneShot) : managementRoutes(ctx)) await scope.register(plugin);
  });
  if (options.oneShot) return app;
  await app.register(async (scope) => {
    for (const plugin of eventRoutes(ctx)) await scope.register(plugin);
  });
  await (await import('./static-renderer')).registerRenderer(app, options.rendererDir);
  return app;
}
