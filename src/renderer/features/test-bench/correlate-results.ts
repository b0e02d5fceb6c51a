import type { TestEvent, TransformedItem } from '../../api/types';

/** One element of `transformedEvents`, told apart: an output event or a per-event error. */
export interface RunItem {
  output?: TestEvent;
  error?: string;
}

export type OutcomeStatus = 'unchanged' | 'changed' | 'split' | 'dropped' | 'error';

/** What happened to one input event. */
export interface EventOutcome {
  index: number;
  input: TestEvent;
  outputs: TestEvent[];
  errors: string[];
  status: OutcomeStatus;
}

export interface RunSummary {
  in: number;
  out: number;
  dropped: number;
  errors: number;
  changed: number;
  split: number;
}

export interface CorrelatedRun {
  outcomes: EventOutcome[];
  /** Outputs and errors that could not be traced to one input (e.g. a transformBatch making new events). */
  unmatched: RunItem[];
  summary: RunSummary;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the item shapes the test API may answer: a bare event, `{error, metadata?}`, or
 * `{output|error, metadata}`. A bare event's own `metadata` field is the user's data.
 */
export function normaliseItem(item: TransformedItem): RunItem {
  const metadata = isObject(item.metadata) ? item.metadata : undefined;
  if (isObject(item.output) && ('statusCode' in item || metadata)) return { output: item.output };
  if (typeof item.error === 'string' && !('type' in item && 'event' in item)) return { error: item.error };
  return { output: item };
}

function statusOf(outcome: Omit<EventOutcome, 'status'>, same: (a: unknown, b: unknown) => boolean): OutcomeStatus {
  if (outcome.errors.length > 0) return 'error';
  if (outcome.outputs.length === 0) return 'dropped';
  if (outcome.outputs.length > 1) return 'split';
  return same(outcome.input, outcome.outputs[0]) ? 'unchanged' : 'changed';
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** Why `inputIndexes` cannot place `items` results over `inputs` inputs; undefined when they fit. */
function indexMisfit(inputs: number, items: number, inputIndexes: number[] | undefined): string | undefined {
  if (!inputIndexes) return `${items} results, no input indexes`;
  if (inputIndexes.length !== items) return `${items} results, ${inputIndexes.length} input indexes`;
  const bad = inputIndexes.find((i) => !Number.isInteger(i) || i < -1 || i >= inputs);
  return bad === undefined ? undefined : `input index ${bad} with ${inputs} inputs`;
}

type Traced = { index: number; input: TestEvent; outputs: TestEvent[]; errors: string[] };

const place = (target: Traced, item: RunItem) => {
  if (item.error !== undefined) target.errors.push(item.error);
  else target.outputs.push(item.output!);
};

/** The core answered, but its results cannot be placed with their inputs (a bug of the studio). */
export class ResultMismatchError extends Error {}

/**
 * Puts each output and error with the input it came from, as the core's answer says it
 * (`inputIndexes`: per item, the input's index, -1 for none). Nothing is guessed: an answer whose
 * indexes do not fit its items is a bug of the studio, thrown as an error the UI reports.
 */
export function correlateResults(inputs: TestEvent[], items: TransformedItem[], inputIndexes: number[] | undefined): CorrelatedRun {
  const misfit = indexMisfit(inputs.length, items.length, inputIndexes);
  if (misfit) throw new ResultMismatchError(`The core's answer does not say which input each result came from (${misfit}). This is a bug of the studio: please report it with the code and events.`);
  const partial: Traced[] = inputs.map((input, index) => ({ index, input, outputs: [], errors: [] }));
  const unmatched: RunItem[] = [];
  items.forEach((raw, k) => {
    const item = normaliseItem(raw);
    const target = partial[inputIndexes![k]!];
    if (target) place(target, item);
    else unmatched.push(item);
  });
  const outcomes = partial.map((o) => ({ ...o, status: statusOf(o, deepEqual) }));
  const unmatchedOutputs = unmatched.filter((u) => u.output).length;
  const unmatchedErrors = unmatched.filter((u) => u.error !== undefined).length;
  return {
    outcomes,
    unmatched,
    summary: {
      in: inputs.length,
      out: outcomes.reduce((n, o) => n + o.outputs.length, 0) + unmatchedOutputs,
      dropped: outcomes.filter((o) => o.status === 'dropped').length,
      errors: outcomes.reduce((n, o) => n + o.errors.length, 0) + unmatchedErrors,
      changed: outcomes.filter((o) => o.status === 'changed').length,
      split: outcomes.filter((o) => o.status === 'split').length,
    },
  };
}
