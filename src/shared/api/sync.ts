import { NullableString } from './common';
import { Type, type Static } from 'typebox';
import { IdAndName, Literals } from './schema-helpers';

// Remotes and sync: one definition used by the routes, the sync service and the renderer.

export const RemoteInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$', description: 'Short name: letters, digits, _ . -' }),
  baseUrl: Type.String({ minLength: 1, maxLength: 2000, description: 'Management API base URL (http:// or https://)' }),
  email: Type.String({ minLength: 1, maxLength: 320 }),
  token: Type.String({ minLength: 1, maxLength: 4096, description: 'Access token; stored as a secret, never returned' }),
  dataPlaneUrl: Type.Optional(Type.String({ maxLength: 2000, description: 'Data plane URL (http:// or https://), optional' })),
  writeKey: Type.Optional(Type.String({ maxLength: 4096, description: 'Data plane write key; stored as a secret, never returned' })),
});
export type RemoteInput = Static<typeof RemoteInput>;

export const RemoteUpdate = Type.Object(
  {
    baseUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Management API base URL (http:// or https://)' })),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'A new access token; left out: the stored one stays' })),
    dataPlaneUrl: Type.Optional(Type.String({ maxLength: 2000, description: 'Data plane URL; "" removes it' })),
    writeKey: Type.Optional(Type.String({ maxLength: 4096, description: 'A new write key; "" removes it; left out: the stored one stays' })),
  },
  { additionalProperties: false },
);
export type RemoteUpdate = Static<typeof RemoteUpdate>;

export const Remote = Type.Object({
  id: Type.String(),
  name: Type.String(),
  baseUrl: Type.String(),
  email: Type.String(),
  dataPlaneUrl: NullableString,
  hasToken: Type.Boolean(),
  hasWriteKey: Type.Boolean(),
  createdAt: Type.String(),
});
export type Remote = Static<typeof Remote>;

export const ConnectionResult = Type.Object({
  ok: Type.Boolean(),
  kind: Type.Optional(Type.String({ description: 'unreachable | tls | timeout | unauthorized | wrong_base_url | rejected | bad_answer' })),
  message: Type.String(),
  transformations: Type.Optional(Type.Integer()),
  libraries: Type.Optional(Type.Integer()),
});
export type ConnectionResult = Static<typeof ConnectionResult>;

export const SyncKind = Literals(['transformation', 'library']);
export type SyncKind = Static<typeof SyncKind>;

export const ChangeState = Literals(['unchanged', 'new-local', 'new-remote', 'changed-local', 'changed-remote', 'both']);
export type ChangeState = Static<typeof ChangeState>;

export const ItemPlan = Type.Object({
  what: Type.String({ description: 'What it sends or imports, with both sides\' version numbers ("sends local v5 “fix totals” as remote v4, with its 3 saved tests"), or why nothing goes' }),
  staysBehind: Type.Array(Type.String(), { description: 'What does not go with it (a draft, saved tests the hosted service does not keep)' }),
});
export type ItemPlan = Static<typeof ItemPlan>;

export const ChangeItem = Type.Object({
  kind: SyncKind,
  name: Type.String(),
  state: ChangeState,
  localId: NullableString,
  remoteItemId: NullableString,
  localVersionId: NullableString,
  remoteVersionId: NullableString,
  localCode: NullableString,
  remoteCode: NullableString,
  /** Code at the last sync (the common ancestor of a conflict); null when never synced. */
  baseCode: NullableString,
  lastSyncedAt: NullableString,
  /** The local side is a version not published locally (pushed only when chosen). */
  draft: Type.Boolean(),
  localNumber: Type.Union([Type.Integer(), Type.Null()], { description: 'Number of the local version compared (the live one, else the latest)' }),
  localLive: Type.Union([Type.Object({ versionId: Type.String(), number: Type.Integer() }), Type.Null()], { description: 'The version live locally' }),
  remoteLive: Type.Union([Type.Object({ versionId: Type.String(), number: Type.Union([Type.Integer(), Type.Null()]) }), Type.Null()], { description: 'The version live on the remote' }),
  drift: Type.Union([Type.String(), Type.Null()], { description: 'The live code differs: "remote live on v7, local destinations on v4"' }),
  line: Type.String({ description: 'The one line `studio sync status` prints and the UI shows: state, both latest versions, the last sync in both numbers, drift' }),
  synced: Type.Union([Type.String(), Type.Null()], { description: 'The last sync in both numbers: "remote v4 = local v8"' }),
  remoteNumber: Type.Union([Type.Integer(), Type.Null()], { description: "Number of the remote's latest version" }),
  push: Type.Union([ItemPlan, Type.Null()], { description: 'What a push of every change (the CLI\'s) does with it; null: nothing to push' }),
  pushChosen: Type.Union([ItemPlan, Type.Null()], { description: 'What a push of it chosen (the UI\'s selection) does with it' }),
  pull: Type.Union([ItemPlan, Type.Null()], { description: 'What a pull does with it; null: nothing to pull' }),
});
export type ChangeItem = Static<typeof ChangeItem>;

export const SyncStatus = Type.Object({ remote: Type.String(), items: Type.Array(ChangeItem) });
export type SyncStatus = Static<typeof SyncStatus>;

export const ItemRef = Type.Object({ kind: SyncKind, localId: Type.Optional(Type.String()), remoteItemId: Type.Optional(Type.String()) });
export type ItemRef = Static<typeof ItemRef>;

export const SyncRequest = Type.Object({
  items: Type.Optional(Type.Array(ItemRef, { description: 'What to push or pull; all pending when left out' })),
  commitId: Type.Optional(Type.String({ maxLength: 200 })),
  drafts: Type.Optional(Type.Boolean({ description: 'Push the latest saved versions even when not published locally (labelled drafts); default: the published versions' })),
});
export type SyncRequest = Static<typeof SyncRequest>;

export const ResolveRequest = Type.Object({
  kind: SyncKind,
  localId: Type.String({ minLength: 1 }),
  choice: Literals(['keep-local', 'take-remote', 'merged']),
  code: Type.Optional(Type.String({ description: 'The merged code (choice "merged")' })),
});
export type ResolveRequest = Static<typeof ResolveRequest>;

export const ItemOutcome = Type.Object({
  kind: SyncKind,
  name: Type.String(),
  ok: Type.Boolean(),
  action: Type.String({ description: 'created | updated | published | pulled | skipped | conflict | failed' }),
  message: Type.String(),
  localId: NullableString,
  remoteItemId: NullableString,
  remoteAnswer: Type.Optional(Type.Unknown()),
});
export type ItemOutcome = Static<typeof ItemOutcome>;

export const SyncOutcome = Type.Object({ ok: Type.Boolean(), results: Type.Array(ItemOutcome) });
export type SyncOutcome = Static<typeof SyncOutcome>;

export const SavedTestFailure = Type.Object({
  position: Type.Integer({ description: '1-based position of the event in the saved tests (or in the given test input)' }),
  name: Type.Optional(Type.String({ description: 'The test: its name, else "saved test event N"' })),
  messageId: NullableString,
  input: Type.Unknown(),
  error: Type.String(),
  expected: Type.Optional(Type.Array(Type.Unknown(), { description: 'Expected outputs saved with the event' })),
  outputs: Type.Optional(Type.Array(Type.Unknown(), { description: 'What the code returned for the event' })),
});
export const SavedTestResult = Type.Object({
  ...IdAndName,
  version: Type.String({ description: '"v5": the version number' }),
  versionId: Type.String(),
  eventCount: Type.Integer(),
  passed: Type.Boolean(),
  noTests: Type.Boolean({ description: 'The version has no saved test events (nothing was tested)' }),
  error: Type.Optional(Type.String()),
  failures: Type.Array(SavedTestFailure),
  tests: Type.Optional(
    Type.Array(Type.Object({ name: Type.String(), given: Type.Boolean(), passed: Type.Boolean() }), { description: 'Every test case in run order (what a JUnit report lists)' }),
  ),
  durationMs: Type.Optional(Type.Number({ description: 'How long the run took' })),
});
export type SavedTestResult = Static<typeof SavedTestResult>;
export const SavedTestsRun = Type.Object({ passed: Type.Boolean(), results: Type.Array(SavedTestResult) });
export type SavedTestsRun = Static<typeof SavedTestsRun>;

/** `/studio/api/remotes/:name`. */
export const RemoteNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
