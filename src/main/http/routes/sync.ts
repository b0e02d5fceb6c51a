import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { ConnectionResult, Remote, RemoteInput, RemoteNameParams, RemoteUpdate, ResolveRequest, SyncOutcome, SyncRequest, SyncStatus } from '../../../shared/api/sync';
import type { SyncService } from '../../sync/sync-service';
import { listRoute } from './crud-routes';
import { typedRoutes } from './typed-routes';
import { ErrorBody, Success } from '../../../shared/api/common';
import { errorResponses as managementErrors } from './error-responses';

const errorResponses = { ...managementErrors, 409: ErrorBody, 424: ErrorBody } as const;

const tags = ['sync'];

/** Remotes and sync with them. Tokens go in, never out. */
export const syncRoutes =
  (sync: SyncService): FastifyPluginAsync =>
  typedRoutes((app) => {
    listRoute(app, '/studio/api/remotes', { tags, summary: 'List remotes (no tokens)', key: 'remotes', Item: Remote, errors: errorResponses }, () => sync.listRemotes());
    app.post('/studio/api/remotes', { schema: { tags, summary: 'Add a remote', body: RemoteInput, response: { 200: Remote, ...errorResponses } } }, async (request) =>
      sync.addRemote(request.body),
    );
    app.patch('/studio/api/remotes/:name', { schema: { tags, summary: 'Edit a remote (a new token or write key replaces the stored one)', params: RemoteNameParams, body: RemoteUpdate, response: { 200: Remote, ...errorResponses } } }, async (request) =>
      sync.updateRemote(request.params.name, request.body),
    );
    app.delete('/studio/api/remotes/:name', { schema: { tags, summary: 'Remove a remote and its links', params: RemoteNameParams, response: { 200: Success, ...errorResponses } } }, async (request) =>
      sync.removeRemote(request.params.name),
    );
    app.post('/studio/api/remotes/:name/test', { schema: { tags, summary: 'Test the connection to a remote', params: RemoteNameParams, response: { 200: ConnectionResult, ...errorResponses } } }, async (request) =>
      sync.testConnection(request.params.name),
    );
    app.get('/studio/api/remotes/:name/changes', { schema: { tags, summary: 'What differs between local and the remote', params: RemoteNameParams, response: { 200: SyncStatus, ...errorResponses } } }, async (request) =>
      sync.status(request.params.name),
    );
    app.post('/studio/api/remotes/:name/push', { schema: { tags, summary: 'Push local changes (libraries first) and publish them on the remote', params: RemoteNameParams, body: Type.Optional(SyncRequest), response: { 200: SyncOutcome, ...errorResponses } } }, async (request) =>
      sync.push(request.params.name, request.body ?? {}),
    );
    app.post('/studio/api/remotes/:name/pull', { schema: { tags, summary: 'Import remote transformations and libraries', params: RemoteNameParams, body: Type.Optional(SyncRequest), response: { 200: SyncOutcome, ...errorResponses } } }, async (request) =>
      sync.pull(request.params.name, request.body ?? {}),
    );
    app.post('/studio/api/remotes/:name/resolve', { schema: { tags, summary: 'Resolve a conflict (keep local, take remote, or merged code)', params: RemoteNameParams, body: ResolveRequest, response: { 200: SyncStatus, ...errorResponses } } }, async (request) =>
      sync.resolve(request.params.name, request.body),
    );
  });
