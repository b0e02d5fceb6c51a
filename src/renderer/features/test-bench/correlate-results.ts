import type { TestEvent, TransformedItem } from '../../api/types';

/** One element of `transformedEvents`, told apart: an output event or a per-event error. */
export interface RunItem {
  output?: TestEvent;
  error?: string;
  /** The input's messageId when the server says which event the item came from. */
  sourceMessageId?: string;
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
const messageIdOf = (event: unknown): string | undefined => (isObject(event) && typeof event.messageId === 'string' && event.messageId ? event.messageId : undefined);

/**
 * Reads the item shapes the test API may answer: a bare event, `{error, metadata?: {messageId}}`
 * (metadata names the failing input), or `{output|error, metadata}`. A bare event's own
 * `metadata` field is the user's data, not a source.
 */
export function normaliseItem(item: TransformedItem): RunItem {
  const metadata = isObject(item.metadata) ? item.metadata : undefined;
  if (isObject(item.output) && ('statusCode' in item || metadata)) return { output: item.output, sourceMessageId: messageIdOf(metadata) };
  if (typeof item.error === 'string' && !('type' in item && 'event' in item)) {
    return { error: item.error, sourceMessageId: messageIdOf(metadata) ?? messageIdOf(item) };
  }
  return { output: item, sourceMessageId: undefined };
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

/**
 * Traces a hosted-shaped answer's outputs and errors back to the inputs. Exact when the server
 * names the source messageId (an error's `metadata.messageId`); otherwise by the output's messageId
 * (equal, or `<messageId>-…` for splits), then by order (results come in input order for
 * transformEvent) — the order guess is used only for items that name no known input. In batch mode
 * nothing is traced by order: an untraceable output is a new event, an untraceable error is the batch's.
 */
function traceByGuess(inputs: TestEvent[], items: TransformedItem[], mode: 'event' | 'batch', partial: Traced[], unmatched: RunItem[]): void {
  // messageId → the inputs carrying it (several when test events repeat an id).
  const byMessageId = new Map<string, number[]>();
  inputs.forEach((input, index) => {
    const id = messageIdOf(input);
    if (!id) return;
    const holders = byMessageId.get(id);
    if (holders) holders.push(index);
    else byMessageId.set(id, [index]);
  });
  const touched = new Set<number>();
  let cursor = -1;
  // With a repeated id, results come in input order: the first holder after the last traced input.
  const ownerOf = (id: string): number | undefined => {
    const holders = byMessageId.get(id);
    if (!holders) return undefined;
    if (holders.length === 1) return holders[0];
    return holders.find((i) => i > cursor) ?? holders.find((i) => !touched.has(i)) ?? holders[0];
  };
  // A split output's id is `<input messageId>-<suffix>` (or `_`): try each cut from the right.
  const prefixOwner = (id: string): number | undefined => {
    for (let cut = id.length - 1; cut > 0; cut--) {
      if (id[cut] !== '-' && id[cut] !== '_') continue;
      const owner = ownerOf(id.slice(0, cut));
      if (owner !== undefined) return owner;
    }
    return undefined;
  };
  const assign = (index: number, item: RunItem) => {
    place(partial[index]!, item);
    touched.add(index);
    cursor = Math.max(cursor, index);
  };
  for (const raw of items) {
    const item = normaliseItem(raw);
    const outputId = item.output ? messageIdOf(item.output) : undefined;
    let exact = item.sourceMessageId !== undefined ? ownerOf(item.sourceMessageId) : undefined;
    if (exact === undefined && outputId !== undefined) exact = ownerOf(outputId) ?? prefixOwner(outputId);
    if (exact !== undefined) {
      assign(exact, item);
      continue;
    }
    // By order: the next input nothing was traced to yet.
    let next = cursor + 1;
    while (next < inputs.length && touched.has(next)) next += 1;
    if (mode === 'event' && next < inputs.length && (item.error !== undefined || outputId === undefined)) assign(next, item);
    else unmatched.push(item);
  }
}

type Traced = { index: number; input: TestEvent; outputs: TestEvent[]; errors: string[] };

const place = (target: Traced, item: RunItem) => {
  if (item.error !== undefined) target.errors.push(item.error);
  else target.outputs.push(item.output!);
};

/**
 * Puts each output and error with the input it came from. The studio's answer says it
 * (`inputIndexes`: per item, the input's index, -1 for none): then nothing is guessed. An answer
 * in the hosted shape only (no indexes) is traced by guessing (traceByGuess).
 */
export function correlateResults(inputs: TestEvent[], items: TransformedItem[], mode: 'event' | 'batch' = 'event', inputIndexes?: number[]): CorrelatedRun {
  const partial: Traced[] = inputs.map((input, index) => ({ index, input, outputs: [], errors: [] }));
  const unmatched: RunItem[] = [];
  if (inputIndexes && inputIndexes.length === items.length) {
    items.forEach((raw, k) => {
      const item = normaliseItem(raw);
      const target = partial[inputIndexes[k]!];
      if (target) place(target, item);
      else unmatched.push(item);
    });
  } else traceByGuess(inputs, items, mode, partial, unmatched);
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
