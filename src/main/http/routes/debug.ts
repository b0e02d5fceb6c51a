import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { CdpCommandRequest, DebugStarted, DebugStartRequest, ProfileStartRequest } from '../../../shared/api/debug';
import type { DebugSessions } from '../../debug/debug-sessions';
import type { ProfileSessions } from '../../debug/profile-sessions';
import type { CoverageService } from '../../debug/coverage-sessions';
import { CoverageRequest, CoverageResponse } from '../../../shared/api/coverage';
import { usePlainJsonParser } from '../lean-json';
import { typedRoutes } from './typed-routes';
import { IdParams } from '../../../shared/api/common';
import { studioErrors } from './error-responses';

const BODY_LIMIT = 32 * 1024 * 1024;
/** A comment line on an idle event stream, so proxies and the browser keep it open. */
const KEEPALIVE_MS = 15_000;
const tags = ['debugger'];
const Anything = Type.Unknown();

/**
 * Studio API of the debugger and profiler: start a debug session, read its events (server-sent
 * events), send it CDP commands from the allowed list, stop it; start, poll and cancel profiles;
 * coverage of the code by its saved tests (or events).
 */
export const debugRoutes = (debug: DebugSessions, profiles: ProfileSessions, coverage: CoverageService): FastifyPluginAsync =>
  typedRoutes((app, plugin) => {
    usePlainJsonParser(plugin, BODY_LIMIT);
    const base = '/studio/api/debug/sessions';
    app.post(
      base,
      { schema: { tags, summary: 'Start debugging the code on one event (a debug process with the inspector)', body: DebugStartRequest, response: { 200: DebugStarted, ...studioErrors } } },
      async (request) => debug.start(request.body),
    );
    app.get(
      `${base}/:id/events`,
      { schema: { tags, summary: 'The session’s events as server-sent events: CDP notifications, then done or ended', params: IdParams, response: { ...studioErrors } } },
      async (request, reply) => {
        const stop = debug.listen(request.params.id, () => {}); // 404 before the stream starts
        stop();
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        // Sent now, not with the first event: that comes once the debug process has started (seconds
        // on a loaded machine), and until then the client could not tell the stream had opened.
        reply.raw.flushHeaders();
        // The stream ends after the session's last event (done or ended); a client reading it to its
        // end gets every event and then the end, not keepalives forever.
        const unlisten = debug.listen(request.params.id, (event) => {
          if (reply.raw.writableEnded) return;
          reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
          if (event.kind === 'done' || event.kind === 'ended') reply.raw.end();
        });
        const keepalive = setInterval(() => reply.raw.write(': keepalive\n\n'), KEEPALIVE_MS);
        request.raw.on('close', () => {
          clearInterval(keepalive);
          unlisten();
        });
      },
    );
    app.post(
      `${base}/:id/commands`,
      { schema: { tags, summary: 'Send a CDP command (stepping, breakpoints, scopes, evaluate) to the paused run', params: IdParams, body: CdpCommandRequest, response: { 200: Anything, ...studioErrors } } },
      async (request) => ({ result: await debug.command(request.params.id, request.body) }),
    );
    app.delete(
      `${base}/:id`,
      { schema: { tags, summary: 'Stop the session: the run and its debug process end', params: IdParams, response: { 204: Type.Null(), ...studioErrors } } },
      async (request, reply) => {
        await debug.stop(request.params.id);
        return reply.code(204).send(null);
      },
    );

    const profilesBase = '/studio/api/profiles';
    app.post(
      profilesBase,
      { bodyLimit: BODY_LIMIT, schema: { tags, summary: 'Profile the code over many events with V8’s CPU profiler', body: ProfileStartRequest, response: { 200: Anything, ...studioErrors } } },
      async (request) => profiles.start(request.body),
    );
    app.get(`${profilesBase}/:id`, { schema: { tags, summary: 'Progress and, once done, the profile', params: IdParams, response: { 200: Anything, ...studioErrors } } }, async (request) =>
      profiles.get(request.params.id),
    );
    app.post(`${profilesBase}/:id/cancel`, { schema: { tags, summary: 'Cancel a running profile', params: IdParams, response: { 200: Anything, ...studioErrors } } }, async (request) =>
      profiles.cancel(request.params.id),
    );

    app.post(
      '/studio/api/coverage',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: 'Coverage of the code by its saved tests, given events or captured events (V8 precise coverage in a debug process)',
          body: CoverageRequest,
          response: { 200: CoverageResponse, ...studioErrors },
        },
      },
      async (request) => coverage.run(request.body),
    );
  });
