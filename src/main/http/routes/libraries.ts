import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { LibrariesService } from '../../management/libraries-service';
import { CreateLibraryBody as CreateBody, Library, LibraryVersion, PublishQuery, UpdateLibraryBody as UpdateBody } from '../../../shared/api/management';
import { typedRoutes } from './typed-routes';
import { versionRoutes } from './version-routes';
import { ErrorBody, IdParams, Success } from '../../../shared/api/common';
import { errorResponses } from './error-responses';
import { publishFlag } from './management-query';

const tags = ['libraries'];

/**
 * Libraries of the management API (seed 000): thin routes over the libraries service.
 * rudder-cli addresses the same resource as /transformationLibraries: registered under both.
 */
export const librariesRoutes =
  (service: LibrariesService, base: '/libraries' | '/transformationLibraries' = '/libraries'): FastifyPluginAsync =>
  typedRoutes((app, plugin) => {
    // The alias serves the same operations; the OpenAPI document lists them once, under /libraries.
    if (base !== '/libraries') plugin.addHook('onRoute', (route) => void (route.schema = { ...route.schema, hide: true }));

    app.post(
      `${base}`,
      {
        schema: {
          tags,
          summary: 'Create a library',
          querystring: PublishQuery,
          body: CreateBody,
          response: { 200: Library, ...errorResponses },
        },
      },
      async (request) => service.create(request.body, publishFlag(request.query, request.body)),
    );

    app.get(
      `${base}`,
      { schema: { tags, summary: 'List libraries', response: { 200: Type.Object({ libraries: Type.Array(Library) }), ...errorResponses } } },
      async () => ({ libraries: service.list() }),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, summary: 'Get a library (its latest version)', params: IdParams, response: { 200: Library, ...errorResponses } } },
      async (request) => service.get(request.params.id),
    );

    app.post(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: 'Update a library (creates a new version)',
          params: IdParams,
          querystring: PublishQuery,
          body: UpdateBody,
          response: { 200: Library, ...errorResponses },
        },
      },
      async (request) => service.update(request.params.id, request.body, publishFlag(request.query, request.body)),
    );

    app.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a library (a studio addition; refused with 409, naming them, while transformations import it)',
          params: IdParams,
          response: { 200: Success, ...errorResponses, 409: ErrorBody },
        },
      },
      async (request) => service.remove(request.params.id),
    );

    versionRoutes(app, { base, tags, noun: 'library', listKey: 'libraryVersions', Version: LibraryVersion }, service);
  });
