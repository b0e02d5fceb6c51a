// A transformation's tests: shapes of GET/PUT/POST /studio/api/transformations/:id/test-events and
// of a run of them (POST …/tests/run). One definition: save, the bench, library impact, publish,
// `studio test`, push and pull all run these through one runner (src/main/management/test-cases.ts).
import { Type, type Static } from 'typebox';

/** Most events one transformation keeps as saved tests. */
export const MAX_SAVED_TEST_EVENTS = 1000;

/** A JSON object (an event or an output event). */
export const JsonObject = Type.Record(Type.String(), Type.Unknown(), { description: 'An event object' });

export const FIELD_CHECK_OPS = ['equals', 'exists', 'absent', 'matches', 'type'] as const;
export const JSON_TYPES = ['string', 'number', 'boolean', 'object', 'array', 'null'] as const;

/** A check on one field of an output, as in Postman/Bruno tests. */
export const FieldCheck = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 500, description: 'Field of the output: "properties.email", "items[0].id"; "[1].x" reads the second output' }),
    op: Type.Enum(FIELD_CHECK_OPS, { description: 'equals (JSON value), exists, absent, matches (a regular expression), type' }),
    value: Type.Optional(Type.Unknown({ description: 'equals: the value; matches: the pattern; type: string|number|boolean|object|array|null' })),
  },
  { additionalProperties: false },
);
export type FieldCheck = Static<typeof FieldCheck>;

/** A canned answer to fetch/fetchV2 calls while one test runs (no network is used for them). */
export const FetchMock = Type.Object(
  {
    method: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: 'GET, POST…; absent: any method' })),
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'URL pattern: the whole URL, * matches any characters' }),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599, description: 'Default 200' })),
    headers: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 8192 }))),
    body: Type.Optional(Type.Unknown({ description: 'JSON value, or a string sent as it is' })),
    delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export type FetchMock = Static<typeof FetchMock>;

export const SavedTestEvent = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200, description: 'Label shown in the test bench and in failures' })),
    event: Type.Record(Type.String(), Type.Unknown(), { description: 'The input event' }),
    expected: Type.Optional(
      Type.Array(JsonObject, {
        description: 'Expected outputs of this event, exactly ([] = dropped); absent = no output check',
      }),
    ),
    checks: Type.Optional(Type.Array(FieldCheck, { maxItems: 50, description: 'Field checks on the outputs' })),
    mocks: Type.Optional(Type.Array(FetchMock, { maxItems: 20, description: 'fetch answers used instead of the network while this test runs' })),
  },
  { additionalProperties: false },
);
export type SavedTestEvent = Static<typeof SavedTestEvent>;

export const SavedTestEventsBody = Type.Object(
  { events: Type.Array(SavedTestEvent, { maxItems: MAX_SAVED_TEST_EVENTS }) },
  { additionalProperties: false },
);
export type SavedTestEventsBody = Static<typeof SavedTestEventsBody>;

export const SavedTestEvents = Type.Object({
  transformationId: Type.String(),
  events: Type.Array(SavedTestEvent),
  updatedAt: Type.Union([Type.String(), Type.Null()], { description: 'When the list was last saved (null: never)' }),
});
export type SavedTestEvents = Static<typeof SavedTestEvents>;

export const TestStatus = Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('not-tested')]);
export type TestStatus = Static<typeof TestStatus>;

/** One test case's outcome in a run. */
export const TestCaseResult = Type.Object({
  position: Type.Integer({ description: '1-based position among the saved tests; given test input follows them' }),
  name: Type.String({ description: 'The test\'s name, else "saved test event N" or "test input event N"' }),
  given: Type.Boolean({ description: 'A given test input event (must not throw), not a saved test' }),
  passed: Type.Boolean(),
  input: Type.Unknown(),
  outputs: Type.Array(Type.Unknown()),
  errors: Type.Array(Type.String(), { description: 'What the code threw for this event' }),
  failures: Type.Array(Type.String(), { description: 'Why it failed: thrown errors, output mismatch, failed field checks' }),
  expected: Type.Optional(Type.Array(Type.Unknown())),
  mocked: Type.Optional(Type.Integer({ description: 'fetch calls answered by this test\'s mocks' })),
});
export type TestCaseResult = Static<typeof TestCaseResult>;

/** A run of a transformation's tests: what save records, what publish requires. */
export const TestsRun = Type.Object({
  status: TestStatus,
  summary: Type.String({ description: 'One line: what passed, or the first failure' }),
  passed: Type.Boolean({ description: 'Publish would accept it (status is not failed)' }),
  cases: Type.Array(TestCaseResult),
  error: Type.Optional(Type.String({ description: 'The run could not run at all (compile error, time limit…)' })),
});
export type TestsRun = Static<typeof TestsRun>;

export const RunTestsBody = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 1024 * 1024, description: 'Unsaved code to test (default: the latest version)' })),
    versionId: Type.Optional(Type.String({ maxLength: 100, description: 'A stored version to test (default: the latest)' })),
  },
  { additionalProperties: false },
);
export type RunTestsBody = Static<typeof RunTestsBody>;

/** POST /studio/api/libraries/:id/tests/run: run a stored version's tests again (its importers' saved tests with it). */
export const RunLibraryTestsBody = Type.Object(
  { versionId: Type.String({ minLength: 1, maxLength: 100, description: 'The stored library version to test' }) },
  { additionalProperties: false },
);
export type RunLibraryTestsBody = Static<typeof RunLibraryTestsBody>;

export const LibraryImpactBody = Type.Object({ code: Type.String({ maxLength: 1024 * 1024, description: 'The library code to try (unsaved)' }) }, { additionalProperties: false });

/** What a library version (saved or not) does to the transformations that import it. */
export const LibraryImpact = Type.Object({
  status: TestStatus,
  summary: Type.String(),
  dependants: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), versionId: Type.String(), status: TestStatus, summary: Type.String(), cases: Type.Array(TestCaseResult) }),
  ),
});
export type LibraryImpact = Static<typeof LibraryImpact>;
