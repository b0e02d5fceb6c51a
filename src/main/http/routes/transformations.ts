import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { TransformationsService } from '../../management/transformations-service';
import { CreateTransformationBody as CreateBody, PublishQuery, Transformation, TransformationVersion, UpdateTransformationBody as UpdateBody } from '../../../shared/api/management';
import { typedRoutes } from './typed-routes';
import { versionRoutes } from './version-routes';
import { IdParams, Success } from '../../../shared/api/common';
import { errorResponses } from './error-responses';
import { publishFlag } from './management-query';

const tags = ['transformations'];

/** rudder-cli sends the version's test events as "testEvents". */
const withTestEvents = <T extends { events?: Record<string, unknown>[]; testEvents?: Record<string, unknown>[] }>({ testEvents, ...body }: T) =>
  ({ ...body, ...(body.events === undefined && testEvents !== undefined ? { events: testEvents } : {}) });

/** Transformations of the management API (seed 000): thin routes over the transformations service. */
export const transformationsRoutes =
  (service: TransformationsService): FastifyPluginAsync =>
  typedRoutes((app) => {

    app.post(
      '/transformations',
      {
        schema: {
          tags,
          summary: 'Create a transformation',
          querystring: PublishQuery,
          body: CreateBody,
          response: { 200: Transformation, ...errorResponses },
        },
      },
      async (request) => service.create(withTestEvents(request.body), publishFlag(request.query, request.body)),
    );

    app.get(
      '/transformations',
      { schema: { tags, summary: 'List transformations', response: { 200: Type.Object({ transformations: Type.Array(Transformation) }), ...errorResponses } } },
      async () => ({ transformations: service.list() }),
    );

    app.get(
      '/transformations/:id',
      { schema: { tags, summary: 'Get a transformation (its latest version)', params: IdParams, response: { 200: Transformation, ...errorResponses } } },
      async (request) => service.get(request.params.id),
    );

    app.post(
      '/transformations/:id',
      {
        schema: {
          tags,
          summary: 'Update a transformation (creates a new version)',
          params: IdParams,
          querystring: PublishQuery,
          body: UpdateBody,
          response: { 200: Transformation, ...errorResponses },
        },
      },
      async (request) => service.update(request.params.id, withTestEvents(request.body), publishFlag(request.query, request.body)),
    );

    app.delete(
      '/transformations/:id',
      {
        schema: {
          tags,
          summary: 'Delete a transformation (versions are kept; destinations are disconnected)',
          params: IdParams,
          response: { 200: Success, ...errorResponses },
        },
      },
      async (request) => service.remove(request.params.id),
    );

    versionRoutes(app, { base: '/transformations', tags, noun: 'transformation', listKey: 'TransformationVersions', Version: TransformationVersion }, service);
  });
