import type { JsonSchemaExport, SchemaFieldsResponse, SchemaQuery, SchemaResponse, SchemaStatus } from '../../shared/api/schema';
import { queryString, request } from './client';

// The event schema learned from captured events (Schema view, editor completion/hover/lint).

export const schemaApi = {
  schema: (query: SchemaQuery) => request<SchemaResponse>('GET', `/studio/api/schema${queryString(query)}`),
  fields: (transformationId?: string) => request<SchemaFieldsResponse>('GET', `/studio/api/schema/fields${queryString({ transformationId })}`),
  jsonSchema: (query: SchemaQuery) => request<JsonSchemaExport>('GET', `/studio/api/schema/json-schema${queryString(query)}`),
  rebuild: () => request<SchemaStatus>('POST', '/studio/api/schema/rebuild'),
};
