// The one test runner: a transformation's test cases (saved tests with their expectations, and
// given test input that must not throw) through its code, case by case. Save, the bench's "Run
// tests", library impact, publish, `studio test` and push all come here (via version-tests.ts).
import type { EventObject } from '../../shared/api/management';
import type { FetchMock, FieldCheck, TestCaseResult } from '../../shared/api/test-events';
import { checkFailure } from '../../shared/field-checks';
import { fieldChanges } from '../../shared/field-diff';
import type { EventMetadata, NetworkCall, Sandbox, TransformInput, TransformResult } from '../sandbox';

/** A saved test (an expectation: exact outputs, field checks, or none = must not throw), or a given test input event. */
export interface TestCase {
  name?: string;
  event: EventObject;
  expected?: EventObject[];
  checks?: FieldCheck[];
  mocks?: FetchMock[];
  /** A given test input event (publish's testInput, a version's events): it must not throw. */
  given?: boolean;
}

export interface CasesOutcome {
  cases: TestCaseResult[];
  /** Every output, in run order (the hosted test result's transformedEvents). */
  output: EventObject[];
  /** Thrown errors and failed expectations, one line each (publish's per-event errors). */
  errors: { messageId?: string; error: string }[];
  logs: string[];
  network: NetworkCall[];
}

type RunTarget = Omit<TransformInput, 'events' | 'metadata'>;

/** Tag that lets outputs of a saved test's event without a messageId be matched back to it. */
const tagOf = (index: number) => `saved-test-event-${index}`;
const idOf = (c: TestCase, index: number) => (typeof c.event.messageId === 'string' ? c.event.messageId : c.given ? undefined : tagOf(index));

/** How a case is named in failures: its name, else its kind and position. */
export function caseLabel(c: TestCase, position: number, givenPosition: number): string {
  if (c.given) return `test input event ${givenPosition}`;
  return `saved test event ${position}${c.name ? ` ("${c.name}")` : ''}`;
}

function expectationFailures(c: TestCase, outputs: EventObject[]): string[] {
  const failures: string[] = [];
  const want = c.expected;
  if (want) {
    const changes =
      want.length === outputs.length ? want.flatMap((w, j) => fieldChanges(w, outputs[j], 3, `[${j}]`)).slice(0, 3) : [{ path: 'number of outputs' }];
    if (changes.length > 0) {
      const where = changes.map((ch) => ch.path).join(', ');
      failures.push(`output does not equal the expected output (expected ${want.length} event(s), got ${outputs.length}; differs at ${where})`);
    }
  }
  for (const check of c.checks ?? []) {
    const failure = checkFailure(check, outputs);
    if (failure) failures.push(`check failed: ${failure}`);
  }
  return failures;
}

/**
 * Runs the cases: those without mocks in as few batches as keep each messageId to one case
 * (transformBatch's outputs are traced to their input by messageId in the isolate; each result
 * then goes back to its case by the input index it carries), each case with mocks in its own
 * (its mocks answer fetch).
 */
export async function runCases(sandbox: Sandbox, target: RunTarget, base: EventMetadata, cases: TestCase[]): Promise<CasesOutcome> {
  const batches: { indices: number[]; ids?: Set<string>; mocks?: FetchMock[] }[] = [{ indices: [], ids: new Set() }];
  cases.forEach((c, i) => {
    if (c.mocks?.length) return void batches.push({ indices: [i], mocks: c.mocks });
    const id = idOf(c, i);
    let batch = batches.find((b) => b.ids && (id === undefined || !b.ids.has(id)));
    if (!batch) batches.push((batch = { indices: [], ids: new Set() }));
    batch.indices.push(i);
    if (id !== undefined) batch.ids!.add(id);
  });
  const grouped = cases.map(() => ({ outputs: [] as EventObject[], errors: [] as string[], mocked: 0 }));
  const outcome: CasesOutcome = { cases: [], output: [], errors: [], logs: [], network: [] };
  for (const batch of batches) {
    if (batch.indices.length === 0 && cases.length > 0) continue; // with no cases at all, one empty run still compiles the code
    const events = batch.indices.map((i) => cases[i]!.event);
    const metadata = batch.indices.map((i) => {
      const tag = idOf(cases[i]!, i);
      return tag && tag !== cases[i]!.event.messageId ? { ...base, messageId: tag } : base;
    });
    const run = await sandbox.transform({ ...target, events, metadata, ...(batch.mocks ? { fetchMocks: batch.mocks } : {}) });
    outcome.logs.push(...run.logs);
    outcome.network.push(...(run.network ?? []));
    if (batch.mocks) grouped[batch.indices[0]!]!.mocked = (run.network ?? []).filter((n) => n.mocked).length;
    // A result goes to the case of the input it came from; an error naming none belongs to the
    // only case of the batch, else to the first given event, else the first case.
    const fallback = batch.indices.length === 1 ? batch.indices[0] : (batch.indices.find((i) => cases[i]!.given) ?? batch.indices[0]);
    for (const r of run.results as TransformResult[]) {
      if (r.output !== undefined && r.error === undefined) outcome.output.push(r.output);
      const i = r.index >= 0 ? batch.indices[r.index] : r.error !== undefined ? fallback : undefined;
      if (i === undefined) {
        if (r.error !== undefined) outcome.errors.push({ error: String(r.error) });
        continue;
      }
      if (r.error !== undefined) grouped[i]!.errors.push(String(r.error));
      else if (r.output !== undefined) grouped[i]!.outputs.push(r.output);
    }
  }
  let savedPosition = 0;
  let givenPosition = 0;
  cases.forEach((c, i) => {
    const g = grouped[i]!;
    const label = caseLabel(c, c.given ? savedPosition : ++savedPosition, c.given ? ++givenPosition : givenPosition);
    const failed = g.errors.length > 0 ? [] : expectationFailures(c, g.outputs);
    const messageId = typeof c.event.messageId === 'string' ? { messageId: c.event.messageId } : {};
    // Given input fails with the code's own words (as hosted); a saved test is named.
    for (const error of g.errors) outcome.errors.push({ ...messageId, error: c.given ? error : `${label}: ${error}` });
    for (const failure of failed) outcome.errors.push({ ...messageId, error: `${label}: ${failure}` });
    outcome.cases.push({
      position: c.given ? givenPosition : savedPosition,
      name: c.name ?? label,
      given: c.given === true,
      passed: g.errors.length === 0 && failed.length === 0,
      input: c.event,
      outputs: g.outputs,
      errors: g.errors,
      failures: [...g.errors.map((e) => `threw: ${e}`), ...failed],
      ...(c.expected ? { expected: c.expected } : {}),
      ...(c.mocks?.length ? { mocked: g.mocked } : {}),
    });
  });
  return outcome;
}
