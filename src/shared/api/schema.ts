import { Type, type Static } from 'typebox';
import { Literals } from './schema-helpers';

// The event schema learned from captured events (issue 33): the Schema view, the editor's
// completion/hover/lint and the JSON Schema export read these shapes.

export const SchemaWindow = Literals(['24h', '7d', '30d', 'all'], { description: 'Time window of the statistics, by UTC day (default all)' });
export type SchemaWindow = Static<typeof SchemaWindow>;

const Types = Type.Record(Type.String(), Type.Integer(), { description: 'Events per JSON type seen at the path: string, number, boolean, null, object, array' });

export const SchemaPath = Type.Object({
  path: Type.String({ description: 'Dotted path in the event; array elements as `[]`: `properties.products[].sku`' }),
  count: Type.Integer({ description: 'Events carrying the path' }),
  share: Type.Number({ description: 'count / events of this name (0-1)' }),
  types: Types,
  samples: Type.Array(Type.String(), { description: 'Up to 5 distinct values (JSON text)' }),
  pii: Type.Boolean({ description: 'The path looks like personal data (email, phone, name, address, ip): shown masked' }),
  conflict: Type.Boolean({ description: 'Seen with more than one type (null aside)' }),
  isNew: Type.Boolean({ description: 'First seen in the last 24 h, while the event name was seen before those 24 h' }),
  firstSeen: Type.String(),
  lastSeen: Type.String(),
});
export type SchemaPath = Static<typeof SchemaPath>;

export const SchemaEvent = Type.Object({
  type: Type.String({ description: 'Call type' }),
  name: Type.String({ description: 'Event name (track) or page/screen name; empty for calls without one' }),
  count: Type.Integer(),
  droppedPaths: Type.Integer({ description: 'New paths not kept because the event had 2,000 already (per day)' }),
  firstSeen: Type.String(),
  lastSeen: Type.String(),
  paths: Type.Array(SchemaPath, { description: 'Most frequent first' }),
});
export type SchemaEvent = Static<typeof SchemaEvent>;

export const SchemaStatus = Type.Object({
  foldedUpTo: Type.Integer({ description: 'Newest captured event id the schema includes' }),
  latestId: Type.Integer({ description: 'Newest captured event id' }),
  behind: Type.Integer({ description: 'Captured events not folded in yet (the background fold catches up)' }),
});
export type SchemaStatus = Static<typeof SchemaStatus>;

export const SchemaQuery = Type.Object({
  sourceId: Type.Optional(Type.String({ maxLength: 2000, description: 'Source ids separated by commas (all when absent)' })),
  window: Type.Optional(SchemaWindow),
});
export type SchemaQuery = Static<typeof SchemaQuery>;

export const SchemaResponse = Type.Object({ events: Type.Array(SchemaEvent), status: SchemaStatus });
export type SchemaResponse = Static<typeof SchemaResponse>;

export const SchemaField = Type.Object({
  path: Type.String(),
  count: Type.Integer(),
  share: Type.Number({ description: 'count / all events in scope (0-1)' }),
  types: Types,
  samples: Type.Array(Type.String()),
  pii: Type.Boolean(),
  conflict: Type.Boolean(),
});
export type SchemaField = Static<typeof SchemaField>;

export const SchemaFieldsQuery = Type.Object({
  transformationId: Type.Optional(Type.String({ maxLength: 100, description: 'Use the sources connected to it through destinations (all sources when none)' })),
});

export const SchemaFieldsResponse = Type.Object({
  scope: Type.Object({
    kind: Literals(['connected', 'all'], { description: 'connected: the sources of destinations running the transformation; all: every source' }),
    sources: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  }),
  totalEvents: Type.Integer(),
  fields: Type.Array(SchemaField, { description: 'Every path over all events of the scope, most frequent first (at most 5,000)' }),
  events: Type.Array(Type.Object({ type: Type.String(), name: Type.String(), count: Type.Integer() }), { description: 'Event names, most frequent first' }),
  status: SchemaStatus,
});
export type SchemaFieldsResponse = Static<typeof SchemaFieldsResponse>;

export const JsonSchemaExport = Type.Object({
  schemas: Type.Array(
    Type.Object({
      type: Type.String(),
      name: Type.String(),
      schema: Type.Unsafe<Record<string, unknown>>(Type.Object({}, { additionalProperties: true, description: 'JSON Schema (draft 2020-12) of the event' })),
    }),
  ),
});
export type JsonSchemaExport = Static<typeof JsonSchemaExport>;
