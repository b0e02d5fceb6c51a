import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { TransformationsService } from '../../management/transformations-service';
import {
  Destination,
  EventObject,
  IdParams,
  NullableString,
  PublishQuery,
  VersionParams,
  VersionsQuery,
  errorResponses,
  publishFlag,
  versionListQuery,
} from './management-schemas';

const fields = {
  description: Type.Optional(Type.String({ maxLength: 100_000 })),
  code: Type.Optional(Type.String({ description: 'Module code exporting transformEvent or transformBatch' })),
  codeVersion: Type.Optional(Type.String({ description: 'Always "1"' })),
  language: Type.Optional(Type.String({ description: 'Always "javascript"' })),
  publish: Type.Optional(Type.Boolean({ description: 'Also accepted in the query string' })),
  events: Type.Optional(Type.Array(EventObject, { description: 'Test events of this version; run when publishing' })),
  testEvents: Type.Optional(Type.Array(EventObject, { description: 'rudder-cli\'s name for "events"' })),
  destinationIds: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'Destinations to connect; only with publish=true' })),
};
const CreateBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 1000 }), ...fields });
const UpdateBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })), ...fields });

const versionFields = {
  id: Type.String({ description: 'Transformation id' }),
  versionId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  code: Type.String(),
  codeVersion: Type.String(),
  language: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};
const Transformation = Type.Object({
  ...versionFields,
  workspaceId: Type.String(),
  destinations: Type.Array(Destination),
  publishedVersionId: NullableString,
});
const TransformationVersion = Type.Object({
  ...versionFields,
  createdBy: Type.Union([Type.String(), Type.Null()], { description: 'E-mail of the account that saved the version (null when not recorded)' }),
  isPublished: Type.Boolean(),
  workspaceId: Type.Optional(Type.String()),
  destinations: Type.Optional(Type.Array(Destination)),
});

const tags = ['transformations'];

/** rudder-cli sends the version's test events as "testEvents". */
const withTestEvents = <T extends { events?: Record<string, unknown>[]; testEvents?: Record<string, unknown>[] }>({ testEvents, ...body }: T) =>
  ({ ...body, ...(body.events === undefined && testEvents !== undefined ? { events: testEvents } : {}) });

/** Transformations of the management API (seed 000): thin routes over the transformations service. */
export const transformationsRoutes =
  (service: TransformationsService): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();

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
          response: { 200: Type.Object({ success: Type.Boolean() }), ...errorResponses },
        },
      },
      async (request) => service.remove(request.params.id),
    );

    app.get(
      '/transformations/:id/versions',
      {
        schema: {
          tags,
          summary: 'List versions of a transformation',
          params: IdParams,
          querystring: VersionsQuery,
          response: { 200: Type.Object({ TransformationVersions: Type.Array(TransformationVersion) }), ...errorResponses },
        },
      },
      async (request) => ({ TransformationVersions: service.versions(request.params.id, versionListQuery(request.query)) }),
    );

    app.get(
      '/transformations/:id/versions/:versionId',
      {
        schema: {
          tags,
          summary: 'Get one version of a transformation',
          params: VersionParams,
          response: { 200: TransformationVersion, ...errorResponses },
        },
      },
      async (request) => service.version(request.params.id, request.params.versionId),
    );
  };
