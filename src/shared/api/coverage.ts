import { Type, type Static } from 'typebox';
import { Literals } from './schema-helpers';
import { TestRunRequest } from './sandbox-test';
import { ProfileStartRequest } from './debug';

// Shapes of POST /studio/api/coverage (issue 41): the code run over its saved tests (or given or
// captured events) in a debug process with V8's precise coverage (block granularity, call counts);
// per script, each line covered / partly / not, and the branches. The route, the debug room's
// coverage service, the editor's gutter and the publish dialog use these.

const { events: _events, ...runFields } = TestRunRequest.properties;

export const CoverageRequest = Type.Object(
  {
    ...runFields,
    transformationId: Type.Optional(Type.String({ maxLength: 100, description: "Run the transformation's saved tests (the default source when events and captured are absent)" })),
    events: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10_000, description: 'Run these events instead' })),
    captured: ProfileStartRequest.properties.captured,
  },
  { additionalProperties: false },
);
export type CoverageRequest = Omit<Static<typeof CoverageRequest>, 'context'> & { context?: TestRunRequest['context'] };

export const LineStatus = Literals(['covered', 'partly', 'not'], { description: 'covered: every part ran; partly: a branch on the line was not taken; not: never ran' });
export type LineStatus = Static<typeof LineStatus>;

export const LineCoverage = Type.Object({
  line: Type.Integer({ description: '1-based' }),
  status: LineStatus,
  hits: Type.Integer({ description: 'Times the line ran (its most-run part)' }),
});
export type LineCoverage = Static<typeof LineCoverage>;

export const BranchCoverage = Type.Object({
  line: Type.Integer({ description: '1-based line of the branch' }),
  column: Type.Integer({ description: '1-based column' }),
  kind: Literals(['then', 'else', 'case', 'cond-then', 'cond-else', 'right']),
  label: Type.String({ description: 'The branch in words: `if (event.type === "identify")`, `else of if (…)`, `case "x"`' }),
  hits: Type.Integer({ description: 'Times the branch was taken' }),
});
export type BranchCoverage = Static<typeof BranchCoverage>;

const Counted = Type.Object({ covered: Type.Integer(), total: Type.Integer() });

export const ScriptCoverage = Type.Object({
  url: Type.String({ description: 'The transformation (its name) or "library <importName>"' }),
  lines: Type.Array(LineCoverage, { description: 'Lines with code (comments and blank lines left out)' }),
  branches: Type.Array(BranchCoverage),
  summary: Type.Object({ lines: Counted, branches: Counted }),
});
export type ScriptCoverage = Static<typeof ScriptCoverage>;

export const CoverageResponse = Type.Object({
  source: Literals(['saved-tests', 'events', 'captured']),
  events: Type.Integer({ description: 'Events run' }),
  failed: Type.Integer({ description: 'Events whose run ended in an error (they count for coverage up to where they threw)' }),
  scripts: Type.Array(ScriptCoverage, { description: 'The transformation first, then its libraries' }),
  durationMs: Type.Number(),
});
export type CoverageResponse = Static<typeof CoverageResponse>;
