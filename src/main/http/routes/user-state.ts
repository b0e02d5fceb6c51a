import type { FastifyPluginAsync } from 'fastify';
import { StateEntries, StateImportBody, StateKeyParam, StateValueBody } from '../../../shared/api/user-state';
import type { UserStateService } from '../../settings/user-state-service';
import { typedRoutes } from './typed-routes';
import { studioErrors } from './error-responses';

const tags = ['user state'];

/** Studio API: the UI's drafts, test sets, bench context and preferences, kept in the core. */
export const userStateRoutes =
  (state: UserStateService): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.get('/studio/api/state', { schema: { tags, summary: "The UI's stored state (drafts, test sets, bench context, preferences)", response: { 200: StateEntries, ...studioErrors } } }, async () =>
      state.all(),
    );
    app.put(
      '/studio/api/state/:key',
      { schema: { tags, summary: 'Store one entry', params: StateKeyParam, body: StateValueBody, response: { 200: StateEntries, ...studioErrors } } },
      async (request) => state.put(request.params.key, request.body.value),
    );
    app.delete('/studio/api/state/:key', { schema: { tags, summary: 'Delete one entry', params: StateKeyParam, response: { 200: StateEntries, ...studioErrors } } }, async (request) =>
      state.remove(request.params.key),
    );
    app.post(
      '/studio/api/state/import',
      { schema: { tags, summary: "Move a browser's local state in: sets the keys the core does not hold yet; answers the whole state", body: StateImportBody, response: { 200: StateEntries, ...studioErrors } } },
      async (request) => state.importMissing(request.body.entries),
    );
  });
