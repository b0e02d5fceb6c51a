import { Type, type Static } from 'typebox';
import { IdAndName, Literals } from './schema-helpers';

// Shapes of the studio API's sources, captured events, destinations and deliveries: the route
// schemas (main/http/routes/), the services and the renderer's typed client use these.

import { NullableString as NullableText } from './common';
/** Any JSON object (typed as a record so readers can index it). */
const AnyObject = Type.Unsafe<Record<string, unknown>>(Type.Object({}, { additionalProperties: true }));

export const Source = Type.Object({
  ...IdAndName,
  writeKey: Type.String({ description: 'Basic auth user name of the event API' }),
  enabled: Type.Boolean(),
  createdAt: Type.String(),
});

/** POST /studio/api/sources. */
export const SourceCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), enabled: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type SourceCreate = Static<typeof SourceCreate>;
/** PATCH /studio/api/sources/:id: rename, disable or enable. */
export const SourceUpdate = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), enabled: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type SourceUpdate = Static<typeof SourceUpdate>;

export const DestinationKindSchema = Literals(['capture', 'webhook', 'file', 'data-plane']);

const configDoc =
  'Per kind: capture {}; webhook {url, method?: POST|PUT|PATCH, headers?, maxAttempts?, backoffMs?, timeoutMs?}; ' +
  'file {path} (absolute, or relative to the data directory); data-plane {url, writeKey, maxAttempts?, backoffMs?, timeoutMs?}';
const DestinationConfig = Type.Unsafe<Record<string, unknown>>(Type.Object({}, { additionalProperties: true, description: configDoc }));
const SourceIds = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000, description: 'Sources whose events it receives (default on create: all)' });
/** POST /studio/api/destinations. */
export const DestinationCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'Unique; also the key of an event\'s "integrations" switch' }),
    kind: DestinationKindSchema,
    config: Type.Optional(DestinationConfig),
    enabled: Type.Optional(Type.Boolean()),
    sourceIds: Type.Optional(SourceIds),
    transformationId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], { description: 'A transformation with a published version' })),
    from: Type.Optional(Type.Union([Type.Literal('now'), Type.Literal('beginning')], { description: 'Start the queue with new events (now, default) or every stored event' })),
  },
  { additionalProperties: false },
);
export type DestinationCreate = Static<typeof DestinationCreate>;
/** PATCH /studio/api/destinations/:id. */
export const DestinationUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    config: Type.Optional(DestinationConfig),
    enabled: Type.Optional(Type.Boolean()),
    sourceIds: Type.Optional(SourceIds),
    transformationId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], { description: 'null disconnects' })),
  },
  { additionalProperties: false },
);
export type DestinationUpdate = Static<typeof DestinationUpdate>;
/** PUT /studio/api/destinations/:id/transformation. */
export const DestinationConnect = Type.Object({ transformationId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

export const DestinationView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: DestinationKindSchema,
  config: AnyObject,
  enabled: Type.Boolean(),
  transformationId: NullableText,
  transformation: Type.Union([
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      publishedVersionId: NullableText,
      publishedVersionNumber: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'Number of the live version (2 for v2), as the versions API lists it' }),
    }),
    Type.Null(),
  ]),
  sourceIds: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  health: Literals(['paused', 'failing', 'retrying', 'delivering', 'up to date'], {
    description: "The one health the studio shows for it (computed here, from delivery): failing or retrying means its last attempt failed",
  }),
  delivery: Type.Object({
    cursor: Type.Integer({ description: 'Last captured event id processed' }),
    pending: Type.Integer({ description: 'Events from its sources still waiting' }),
    state: Type.String({ description: 'starting, running, idle, paused, waiting or stopped' }),
    lastError: NullableText,
    lastBatchAt: NullableText,
    quarantine: Type.Union(
      [Type.Object({ versionId: Type.String(), crashes: Type.Integer(), reason: Type.String(), quarantinedAt: Type.String() }), Type.Null()],
      { description: 'Set when the connected published version crashed sandbox processes repeatedly: the destination is paused until it is enabled again (PATCH enabled: true) or another version is published' },
    ),
    counts: Type.Object({ delivered: Type.Integer(), failed: Type.Integer(), dropped: Type.Integer(), filtered: Type.Integer() }, { description: 'Recorded results per status' }),
    standings: Type.Object(
      { delivered: Type.Integer(), retrying: Type.Integer(), 'gave-up': Type.Integer(), failed: Type.Integer(), dropped: Type.Integer(), filtered: Type.Integer() },
      { description: "Results per standing (a delivery's `standing`, derived here): recorded failures split into retrying, gave-up and failed (not retried)" },
    ),
    lastFailure: Type.Union([Type.Object({ at: Type.String(), error: NullableText }), Type.Null()]),
    lastSuccessAt: NullableText,
    retrying: Type.Integer({ description: 'Failed events queued to be delivered again' }),
    nextAttemptAt: Type.Union([Type.String(), Type.Null()], { description: 'When the next of them is due' }),
  }),
});

export const CapturedEvent = Type.Object({
  id: Type.String({ description: 'Capture sequence number (decimal); also the list cursor' }),
  sourceId: Type.String(),
  type: Type.String(),
  eventName: NullableText,
  userId: NullableText,
  anonymousId: NullableText,
  messageId: Type.String(),
  receivedAt: Type.String(),
  event: AnyObject,
});

/** One captured event with the request it came in with (raw body as received). */
export const CapturedEventDetail = Type.Object({
  ...CapturedEvent.properties,
  request: Type.Union([
    Type.Object({ callType: Type.String(), requestIp: NullableText, receivedAt: Type.String(), body: Type.String(), eventCount: Type.Integer() }),
    Type.Null(),
  ]),
});

const IsoTime = (description: string) => Type.Optional(Type.String({ maxLength: 64, description }));

/** Query string of GET /studio/api/deliveries. */
export const DeliveriesQuery = Type.Object({
  destinationId: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.String({ maxLength: 100, description: 'Recorded status: delivered, failed, dropped or filtered; several separated by commas' })),
  standing: Type.Optional(
    Type.String({ maxLength: 100, description: "The delivery's `standing`: delivered, retrying, gave-up, failed (not retried), dropped or filtered; several separated by commas" }),
  ),
  messageId: Type.Optional(Type.String({ maxLength: 1000 })),
  eventId: Type.Optional(Type.String({ maxLength: 20, description: 'Captured event id' })),
  sourceId: Type.Optional(Type.String({ maxLength: 100 })),
  eventName: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the event name (case-insensitive)' })),
  from: IsoTime('Recorded at or after (ISO 8601)'),
  to: IsoTime('Recorded at or before (ISO 8601)'),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 20, description: 'The `next` of the previous page' })),
});
export type DeliveriesQuery = Static<typeof DeliveriesQuery>;
/** GET /studio/api/deliveries/stream: the results of one destination, or of any. */
export const DeliveriesStreamQuery = Type.Object({ destinationId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false });

export const Delivery = Type.Object({
  id: Type.String(),
  destinationId: Type.String(),
  eventId: NullableText,
  sourceId: NullableText,
  messageId: NullableText,
  eventType: NullableText,
  eventName: NullableText,
  status: Literals(['delivered', 'failed', 'dropped', 'filtered']),
  standing: Literals(['delivered', 'retrying', 'gave-up', 'failed', 'dropped', 'filtered'], {
    description: "What its Status shows, derived here with `retry`: a failure is retrying or gave-up while retried, failed when it is not retried",
  }),
  output: Type.Union([Type.Array(AnyObject), Type.Null()]),
  error: NullableText,
  logs: Type.Array(Type.String(), { description: "The lines this event's own transformEvent call wrote" }),
  batchLogs: Type.Array(Type.String(), { description: 'Lines of its batch tied to no one event (stored once per batch)' }),
  attempts: Type.Integer(),
  statusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the last attempt' }),
  latencyMs: Type.Union([Type.Number(), Type.Null()], { description: 'Duration of the last attempt' }),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()], { description: 'A failed delivery is tried again then' }),
  retry: Type.Union([
    Type.Object({
      state: Literals(['retrying', 'gave-up']),
      attempts: Type.Integer({ description: 'Attempts so far, counted towards maxAttempts' }),
      maxAttempts: Type.Union([Type.Integer(), Type.Null()], { description: "The destination's attempts in total per event (null: a retry asked by hand)" }),
      nextAttemptAt: Type.Union([Type.String(), Type.Null()], { description: 'When the next attempt is due (null: given up); a past time means now' }),
    }),
    Type.Null(),
  ], { description: 'Where a failed delivery stands with its retries (null: it is not retried)' }),
  attemptLog: Type.Array(
    Type.Object({
      outputIndex: Type.Integer(),
      at: Type.String(),
      statusCode: Type.Union([Type.Integer(), Type.Null()]),
      latencyMs: Type.Number(),
      responseBody: NullableText,
      error: NullableText,
    }),
  ),
  transformationId: NullableText,
  sendId: Type.Union([Type.String(), Type.Null()], { description: 'The send (replay to this destination) that delivered it; null: the live pipeline' }),
  transformationVersionId: NullableText,
  createdAt: Type.String(),
});

/** The answer of POST /studio/api/destinations/:id/retry. */
export const DestinationRetried = Type.Object({ queued: Type.Integer(), destination: DestinationView });
export type DestinationRetried = Static<typeof DestinationRetried>;
/** A page of GET /studio/api/deliveries. */
export const DeliveriesPage = Type.Object({ deliveries: Type.Array(Delivery), next: NullableText });
export type DeliveriesPage = Static<typeof DeliveriesPage>;
/** A page of GET /studio/api/events: `next` is the cursor of the next page (null at the end). */
export const EventsPage = Type.Object({ events: Type.Array(CapturedEvent), next: NullableText });
export type EventsPage = Static<typeof EventsPage>;

export type SourceDto = Static<typeof Source>;
export type CapturedEventDto = Static<typeof CapturedEvent>;
export type CapturedEventDetailDto = Static<typeof CapturedEventDetail>;
export type DestinationDto = Static<typeof DestinationView>;
export type DestinationKind = Static<typeof DestinationKindSchema>;
export type DeliveryDto = Static<typeof Delivery>;
export type DeliveryStatus = DeliveryDto['status'];
