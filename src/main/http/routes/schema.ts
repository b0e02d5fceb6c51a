import type { FastifyPluginAsync } from 'fastify';
import type { SchemaService } from '../../schema/schema-service';
import { JsonSchemaExport, SchemaFieldsQuery, SchemaFieldsResponse, SchemaQuery, SchemaResponse, SchemaStatus } from '../../../shared/api/schema';
import { typedRoutes } from './typed-routes';
import { studioErrors } from './error-responses';

const tags = ['schema'];

/** Studio API: the event schema learned from captured events. */
export const schemaRoutes =
  (service: SchemaService): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.get(
      '/studio/api/schema',
      {
        schema: {
          tags,
          summary: 'The learned schema per event name: paths, types, shares, samples',
          description: 'Folded in the background from captured and imported events; `status.behind` says how many are not in yet.',
          querystring: SchemaQuery,
          response: { 200: SchemaResponse, ...studioErrors },
        },
      },
      async (request) => service.schema(request.query),
    );
    app.get(
      '/studio/api/schema/fields',
      {
        schema: {
          tags,
          summary: "Every path over all events of a transformation's sources (the editor's completion, hover and warnings)",
          querystring: SchemaFieldsQuery,
          response: { 200: SchemaFieldsResponse, ...studioErrors },
        },
      },
      async (request) => service.fields(request.query.transformationId),
    );
    app.get(
      '/studio/api/schema/json-schema',
      {
        schema: { tags, summary: 'The learned schema as JSON Schema, one per event name', querystring: SchemaQuery, response: { 200: JsonSchemaExport, ...studioErrors } },
      },
      async (request) => service.jsonSchemas(request.query),
    );
    app.post(
      '/studio/api/schema/rebuild',
      { schema: { tags, summary: 'Forget the schema and learn it again from every stored event (in the background)', response: { 200: SchemaStatus, ...studioErrors } } },
      async () => service.rebuild(),
    );
  });
