import { NullableString } from './common';
import { Type, type Static } from 'typebox';

// Captured events in the studio API: the filter every list / count / export / delete takes,
// the selection model of the Events page (also used to start replay runs), import reports.

/** Query fields of a captured-events filter (all optional, combined with AND). */
export const EventFilterFields = {
  type: Type.Optional(Type.String({ maxLength: 200, description: 'Call type, or several separated by commas' })),
  event: Type.Optional(Type.String({ maxLength: 1000, description: 'Event name (track event, page/screen name); * matches any text: Order* starts with, *order* contains (case-insensitive)' })),
  userId: Type.Optional(Type.String({ maxLength: 1000 })),
  anonymousId: Type.Optional(Type.String({ maxLength: 1000 })),
  user: Type.Optional(Type.String({ maxLength: 1000, description: 'Matches userId or anonymousId' })),
  sourceId: Type.Optional(Type.String({ maxLength: 100 })),
  messageId: Type.Optional(Type.String({ maxLength: 1000 })),
  from: Type.Optional(Type.String({ maxLength: 64, description: 'Received at or after (ISO 8601)' })),
  to: Type.Optional(Type.String({ maxLength: 64, description: 'Received at or before (ISO 8601)' })),
  q: Type.Optional(Type.String({ maxLength: 1000, description: 'Free text, case-insensitive, searched in the event JSON' })),
  where: Type.Optional(
    Type.String({
      maxLength: 2000,
      description:
        'JSON-path conditions on the enriched event joined by "and": `properties.revenue > 100 and context.library.name = "analytics-node"`. ' +
        'Operators: = != > >= < <= ~ (contains), `exists`, `missing`; values are JSON (numbers, "strings", true, false, null) or bare words ' +
        '(quote text that holds operators, quotes, " and " or " or "). A malformed expression is answered 400 with what to fix',
    }),
  ),
  ids: Type.Optional(Type.String({ maxLength: 200_000, description: 'Captured event ids separated by commas (a selection)' })),
};
export const EventFilterQuery = Type.Object(EventFilterFields);
export type EventFilterQuery = Static<typeof EventFilterQuery>;

/** GET /studio/api/events: the filter and a page (cursor, or an offset after it). */
export const EventListQuery = Type.Object({
  ...EventFilterFields,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 20, description: 'The `next` of the previous page' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'Skip this many matches after the cursor (random access)' })),
});
export type EventListQuery = Static<typeof EventListQuery>;

/** GET /studio/api/events/counts. */
export const EventCountsQuery = Type.Object({
  ...EventFilterFields,
  cursor: Type.Optional(Type.String({ maxLength: 20, description: 'Count only events older than this id' })),
  budgetMs: Type.Optional(
    Type.Integer({ minimum: 10, maximum: 60_000, description: 'Answer after about this long with the counts so far and `more` (a scan of a filter the maintained counts cannot answer)' }),
  ),
});
export type EventCountsQuery = Static<typeof EventCountsQuery>;

/** DELETE /studio/api/events: the filter, or `all`. */
export const EventDeleteQuery = Type.Object({
  ...EventFilterFields,
  all: Type.Optional(Type.Boolean({ description: 'Required to delete without any filter' })),
});
export type EventDeleteQuery = Static<typeof EventDeleteQuery>;

/** GET /studio/api/events/export. */
export const EventExportQuery = Type.Object({ ...EventFilterFields, format: Type.Optional(Type.Union([Type.Literal('ndjson'), Type.Literal('json')])) });
export type EventExportQuery = Static<typeof EventExportQuery>;

/** The answer of a delete of captured events. */
export const EventsDeleted = Type.Object({ deleted: Type.Integer() });
export type EventsDeleted = Static<typeof EventsDeleted>;

/** GET /studio/api/events/stats: how many, the newest id, how far the counts are maintained. */
export const EventStats = Type.Object({ count: Type.Integer(), lastId: NullableString, indexedUpTo: Type.String() });
export type EventStats = Static<typeof EventStats>;

export const EventTypeCounts = Type.Object({
  total: Type.Integer(),
  types: Type.Record(Type.String(), Type.Integer(), { description: 'Matching events per call type (the type filter itself not applied)' }),
  more: Type.Optional(
    Type.Object(
      {
        cursor: Type.String({ description: 'Ask again with this cursor (and the same filter) for the counts of the older events; add them up' }),
        counted: Type.Integer({ description: 'Ids counted so far, of `of`' }),
        of: Type.Integer(),
      },
      { description: 'Present when a counting budget (budgetMs) ran out before the oldest event: these counts cover the newer part only' },
    ),
  ),
});
export type EventTypeCounts = Static<typeof EventTypeCounts>;

export const ImportFormat = Type.Union(
  [Type.Literal('auto'), Type.Literal('json'), Type.Literal('ndjson'), Type.Literal('batch'), Type.Literal('har'), Type.Literal('curl')],
  { description: 'auto detects: a JSON array of events, NDJSON (one event or request body a line), {batch:[...]}, a HAR file (its /v1/* requests), curl commands' },
);
export type ImportFormat = Static<typeof ImportFormat>;

export const ImportBody = Type.Object(
  {
    sourceId: Type.String({ minLength: 1, maxLength: 100, description: 'Source the events are captured for' }),
    format: Type.Optional(ImportFormat),
    fileName: Type.Optional(Type.String({ maxLength: 500 })),
    content: Type.String({ description: 'The file text' }),
  },
  { additionalProperties: false },
);
export type ImportBody = Static<typeof ImportBody>;

export const ImportRejection = Type.Object({
  at: Type.String({ description: 'Where in the file: "line 3", "item 2", "entry 5 (POST /v1/track)", "command 1"' }),
  error: Type.String({ description: 'Why, in the words of the event API' }),
});
export type ImportRejection = Static<typeof ImportRejection>;

export const ImportReport = Type.Object({
  format: Type.String(),
  requests: Type.Integer({ description: 'Event API requests found in the file' }),
  imported: Type.Integer({ description: 'Events captured (0 when anything was rejected: all or nothing per file)' }),
  rejected: Type.Array(ImportRejection),
});
export type ImportReport = Static<typeof ImportReport>;

