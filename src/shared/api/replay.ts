// Replay runs, compare and send: shapes of /studio/api/replay/… (routes, service, renderer client).
import { NullableString } from './common';
import { Type, type Static } from 'typebox';
import { JsonObject, SavedTestEvent } from './test-events';
import { Literals } from './schema-helpers';

export const MAX_REPLAY_EVENTS = 1_000_000;
export const MAX_IMPORTED_EVENTS = 10_000;

const Id = Type.String({ minLength: 1, maxLength: 100 });

/** The captured-events filter, with the names the events API's query string uses. */
export const ReplayEventsFilter = Type.Object(
  {
    type: Type.Optional(Type.String({ maxLength: 200, description: 'Call type, or several separated by commas' })),
    event: Type.Optional(Type.String({ maxLength: 1000 })),
    userId: Type.Optional(Type.String({ maxLength: 1000 })),
    anonymousId: Type.Optional(Type.String({ maxLength: 1000 })),
    user: Type.Optional(Type.String({ maxLength: 1000 })),
    sourceId: Type.Optional(Type.String({ maxLength: 100 })),
    messageId: Type.Optional(Type.String({ maxLength: 1000 })),
    from: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601' })),
    to: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601' })),
    q: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type ReplayEventsFilter = Static<typeof ReplayEventsFilter>;

/** Which events: `events` (captured ids), `filter` (captured events matching it; `limit` = the newest N) or `file` (imported events). */
export const ReplaySource = Type.Object(
  {
    kind: Type.Optional(Type.Enum(['events', 'filter', 'file'], { description: 'events: ids; filter: filter (+ limit); file: events (default: from the fields given)' })),
    ids: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9]{1,15}$' }), { maxItems: 100_000, description: 'Captured event ids (kind events)' })),
    filter: Type.Optional(ReplayEventsFilter),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_REPLAY_EVENTS, description: 'The newest N matching events (kind filter; default: all)' })),
    events: Type.Optional(Type.Array(JsonObject, { maxItems: MAX_IMPORTED_EVENTS, description: 'Imported events (kind file)' })),
  },
  { additionalProperties: false },
);
export type ReplaySource = Static<typeof ReplaySource>;

/** What runs the events: `version` (versionId), `published` (transformationId) or `draft` (code, optional transformationId, name, libraryVersionIds). */
export const ReplayTarget = Type.Object(
  {
    kind: Type.Optional(Type.Enum(['version', 'published', 'draft'], { description: 'Default: version with versionId, draft with code, else published' })),
    versionId: Type.Optional(Id),
    transformationId: Type.Optional(Id),
    code: Type.Optional(Type.String({ maxLength: 1_048_576 })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    libraryVersionIds: Type.Optional(Type.Array(Id, { maxItems: 100, description: 'Library versions a draft uses (default: published, else latest)' })),
  },
  { additionalProperties: false },
);
export type ReplayTarget = Static<typeof ReplayTarget>;

export const CreateReplayRun = Type.Object(
  {
    source: ReplaySource,
    target: ReplayTarget,
    compareWith: Type.Optional(ReplayTarget),
    name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type CreateReplayRun = Static<typeof CreateReplayRun>;

export const RunStatus = Literals(['queued', 'running', 'done', 'failed', 'cancelled', 'interrupted']);
export type RunStatus = Static<typeof RunStatus>;

export const OutcomeCounts = Type.Object({
  kept: Type.Integer(),
  dropped: Type.Integer(),
  split: Type.Integer(),
  failed: Type.Integer(),
  orphans: Type.Optional(
    Type.Integer({ description: 'Outputs that name no input event (e.g. new events of transformBatch), delivered after the batch\'s other outputs as the pipeline does; absent when none' }),
  ),
});
export type OutcomeCounts = Static<typeof OutcomeCounts>;

/**
 * How B's result for one event differs from A's, one kind per event: unchanged; changed (the same
 * number of outputs, other values); dropped (by B only: A kept it); newlyKept (kept by B only: A
 * dropped it); split (split differently: both keep it, as different numbers of outputs);
 * newlyFailing; fixed; stillFailing.
 */
export const CHANGE_KINDS = ['unchanged', 'changed', 'dropped', 'newlyKept', 'split', 'newlyFailing', 'fixed', 'stillFailing'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const ChangeKind = Literals([...CHANGE_KINDS]);

export const ReplaySummary = Type.Object({
  a: OutcomeCounts,
  b: Type.Optional(OutcomeCounts),
  changes: Type.Optional(Type.Object(Object.fromEntries(CHANGE_KINDS.map((k) => [k, Type.Integer()])) as Record<ChangeKind, ReturnType<typeof Type.Integer>>)),
  paths: Type.Array(Type.Object({ path: Type.String(), added: Type.Integer(), removed: Type.Integer(), changed: Type.Integer() }), {
    description: 'Top changed field paths of B outputs against A outputs',
  }),
  errors: Type.Array(Type.Object({ side: Literals(['a', 'b']), message: Type.String(), count: Type.Integer() })),
  orphansChanged: Type.Optional(Type.Integer({ description: 'Compare: batches whose outputs naming no input event differ between A and B (by value, in order; GET …/orphans marks them); no change kind counts them; absent when none' })),
});
export type ReplaySummary = Static<typeof ReplaySummary>;

export const RunTargetView = Type.Object({
  kind: Literals(['version', 'published', 'draft']),
  label: Type.String(),
  transformationId: NullableString,
  versionId: NullableString,
});
export type RunTargetView = Static<typeof RunTargetView>;

export const ReplayRun = Type.Object({
  id: Type.String(),
  kind: Literals(['replay', 'compare']),
  name: Type.String(),
  status: RunStatus,
  source: Type.String({ description: 'What the events are (a sentence)' }),
  a: RunTargetView,
  b: Type.Union([RunTargetView, Type.Null()]),
  total: Type.Integer(),
  done: Type.Integer(),
  rate: Type.Union([Type.Number(), Type.Null()], { description: 'Events per second while running' }),
  etaSeconds: Type.Union([Type.Number(), Type.Null()]),
  error: NullableString,
  createdAt: Type.String(),
  startedAt: NullableString,
  finishedAt: NullableString,
  summary: ReplaySummary,
});
export type ReplayRun = Static<typeof ReplayRun>;

export const SideResult = Type.Object({
  outputs: Type.Array(JsonObject),
  error: NullableString,
  logs: Type.Array(Type.String(), { description: 'Logs of the batch this event ran in' }),
});
export type SideResult = Static<typeof SideResult>;

export const ReplayResult = Type.Object({
  position: Type.Integer(),
  eventId: Type.Union([Type.String(), Type.Null()], { description: 'Captured event id (null for imported events)' }),
  messageId: NullableString,
  input: JsonObject,
  a: SideResult,
  b: Type.Union([SideResult, Type.Null()]),
  change: Type.Union([ChangeKind, Type.Null()]),
  durationMs: Type.Number(),
});
export type ReplayResult = Static<typeof ReplayResult>;

export const ResultsQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  only: Type.Optional(Literals(['changed', 'errors', 'dropped'])),
  change: Type.Optional(ChangeKind),
  path: Type.Optional(Type.String({ maxLength: 1000, description: 'Events whose outputs changed at this field path' })),
  error: Type.Optional(Type.String({ maxLength: 2000, description: 'Events that failed with this message' })),
});
export type ResultsQuery = Static<typeof ResultsQuery>;

export const ResultsPage = Type.Object({ results: Type.Array(ReplayResult), total: Type.Integer(), offset: Type.Integer() });
export type ResultsPage = Static<typeof ResultsPage>;


export const SaveAsTestsBody = Type.Object(
  {
    transformationId: Id,
    positions: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 1000, description: 'Results to save (default: the failures)' })),
    side: Type.Optional(Literals(['a', 'b'], { description: 'Whose failures and outputs (default b for compares, else a)' })),
    withExpected: Type.Optional(Type.Boolean({ description: 'Save the outputs as expected outputs' })),
  },
  { additionalProperties: false },
);
export type SaveAsTestsBody = Static<typeof SaveAsTestsBody>;
export { SavedTestEvent };

/**
 * Where to send: `local` (this instance's event API as a source's write key), `remote` (a data
 * plane's url + writeKey) or `destination` (one of this studio's destinations: through its
 * connected transformation, then its webhook, file, data plane or capture).
 */
export const SendTarget = Type.Object(
  {
    kind: Type.Optional(Type.Enum(['local', 'remote', 'destination'], { description: 'Default: destination with destinationId, remote with url, else local' })),
    sourceId: Type.Optional(Id),
    destinationId: Type.Optional(Id),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    writeKey: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type SendTarget = Static<typeof SendTarget>;

export const CreateSend = Type.Object(
  {
    source: ReplaySource,
    target: SendTarget,
    ratePerSecond: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 500, description: 'Events per second at most' })),
  },
  { additionalProperties: false },
);
export type CreateSend = Static<typeof CreateSend>;

export const SendStatus = Literals(['queued', 'running', 'done', 'cancelled', 'interrupted']);
export type SendStatus = Static<typeof SendStatus>;

export const SendEventStatus = Literals(['pending', 'accepted', 'rejected', 'failed']);

export const SendJob = Type.Object({
  id: Type.String(),
  status: SendStatus,
  source: Type.String(),
  target: Type.Object({
    kind: Literals(['local', 'remote', 'destination']),
    url: Type.String(),
    destinationId: Type.Optional(Type.String()),
    name: Type.Optional(Type.String({ description: "The destination's name (kind destination)" })),
  }),
  ratePerSecond: Type.Integer(),
  total: Type.Integer(),
  counts: Type.Object({ pending: Type.Integer(), accepted: Type.Integer(), rejected: Type.Integer(), failed: Type.Integer() }),
  createdAt: Type.String(),
  startedAt: NullableString,
  finishedAt: NullableString,
});
export type SendJob = Static<typeof SendJob>;

export const SendResultsQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  status: Type.Optional(SendEventStatus),
});
export type SendResultsQuery = Static<typeof SendResultsQuery>;

export const SendResultsPage = Type.Object({
  results: Type.Array(
    Type.Object({
      position: Type.Integer(),
      eventId: NullableString,
      status: SendEventStatus,
      error: NullableString,
      attempts: Type.Integer(),
    }),
  ),
  total: Type.Integer(),
  offset: Type.Integer(),
});
export type SendResultsPage = Static<typeof SendResultsPage>;
