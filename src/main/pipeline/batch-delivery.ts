import { StudioError } from '../errors';
import type { Sandbox } from '../sandbox';
import type { Store } from '../store';
import type { Destination, PublishedCode } from '../store/destinations-repo';
import type { StoredEvent } from '../store/events-repo';
import { deliveryResults, flattenOutputs } from './delivery-results';
import { integrationsAllow } from './integrations';
import { AbortedError } from './retry';
import { planRetries } from './retry-plan';
import { scheduleOf } from './retry-schedule';
import type { Sink } from './sinks';
import { quarantineReason } from './quarantine';
import { metadataFor, passThrough, runTransformation, type TransformStepResult } from './transform-step';

/** What a worker's step asks for: another batch at once, an idle sleep, a retry pause, or the end (its destination is gone). */
export type Step = 'more' | 'idle' | 'wait' | 'gone';

const MAX_TRANSIENT_FAILURES = 3;

/** What one batch needs: the data, the sandbox, the destination's sink, and how its last runs went. */
export interface BatchInput {
  store: Store;
  workspaceId: string;
  sandbox: Sandbox | undefined;
  destination: Destination;
  /** The destination's sink, or why its config is invalid. */
  sink: Sink | { invalid: string };
  rows: StoredEvent[];
  /** Where the cursor moves when the batch is recorded. */
  next: number;
  /** The "retry failed" events this batch redoes. */
  retried?: number[];
  /** Failed runs in a row that were not the code's fault. */
  transientFailures: number;
  /** The clock retries are planned by (a test drives it). */
  now?: () => Date;
}

/**
 * How a batch ended, for its worker to apply (destination-worker.ts): recorded (results stored,
 * cursor moved; `lastError`: why events of it failed), wait (a retry pause; `transient`: a run
 * failure not the code's fault, counted), pause (until something changes), or crashed (the run
 * crashed its sandbox process: counted towards quarantine; nothing recorded).
 */
export type BatchOutcome =
  | { kind: 'recorded'; lastError: string | null; at: string }
  | { kind: 'wait'; reason: string; transient?: boolean }
  | { kind: 'pause'; reason: string }
  | { kind: 'crashed'; code: PublishedCode; message: string };

/**
 * One batch of a destination's worker: applies `integrations`, runs the connected published
 * transformation, hands outputs to the sink, then records per-event results and moves the
 * cursor to `next` in one transaction. It calls nothing of its worker: it answers an outcome.
 */
export async function deliverBatch(input: BatchInput, signal: AbortSignal): Promise<BatchOutcome> {
  const { store, workspaceId, destination, rows, next, retried } = input;

  let code: PublishedCode | undefined;
  let sandbox: Sandbox | undefined;
  let crashes = 0;
  if (destination.transformationId) {
    code = store.destinations.publishedCode(destination.transformationId);
    if (!code) return { kind: 'wait', reason: `transformation ${destination.transformationId} has no published version: publish it, or disconnect it` };
    const held = store.quarantine.get(code.versionId);
    if (held?.quarantinedAt) return { kind: 'pause', reason: quarantineReason(held.reason, held.crashes) };
    crashes = held?.crashes ?? 0;
    sandbox = input.sandbox;
    if (!sandbox) return { kind: 'wait', reason: 'the code sandbox is not available yet' };
  }
  if ('invalid' in input.sink) return { kind: 'wait', reason: `invalid destination config: ${input.sink.invalid}` };
  const sink = input.sink;

  const events = rows.map((row) => JSON.parse(row.event) as Record<string, unknown>);
  const allowed: number[] = [];
  events.forEach((event, i) => {
    if (integrationsAllow(event.integrations, destination)) allowed.push(i);
  });

  const allowedEvents = allowed.map((i) => events[i]!);
  let transformed: TransformStepResult;
  let batchError: string | null = null;
  if (!code || !sandbox || allowedEvents.length === 0) {
    transformed = passThrough(allowedEvents);
  } else {
    const sources = new Map(store.sources.list().map((s) => [s.id, s]));
    const metadata = allowed.map((i) => metadataFor(rows[i]!, sources.get(rows[i]!.sourceId), destination, workspaceId, code));
    try {
      transformed = await runTransformation(sandbox, code, allowedEvents, metadata);
      if (crashes > 0) store.quarantine.clear(code.versionId); // a good run: the crash count starts again
    } catch (error) {
      if (signal.aborted) throw new AbortedError();
      const message = (error as Error).message;
      if (error instanceof StudioError && error.details?.sandboxCrashed === true) return { kind: 'crashed', code, message };
      if (!(error instanceof StudioError) && input.transientFailures + 1 < MAX_TRANSIENT_FAILURES) {
        return { kind: 'wait', reason: `transformation run failed, retrying: ${message}`, transient: true };
      }
      batchError = message;
      transformed = { perEvent: allowedEvents.map(() => ({ outputs: [], errors: [message] })), orphans: [], logs: [], eventLogs: [], durationMs: 0 };
    }
  }

  // Hand every output to the sink in input order, remembering whose it is.
  const { flat, owner } = flattenOutputs(transformed);
  const outcomes = flat.length ? await sink.deliver(flat, signal) : [];
  if (signal.aborted) throw new AbortedError();
  const retryState = (seq: number) => store.deliveryHealth.retryState(destination.id, seq);
  const results = planRetries(deliveryResults(rows, allowed, transformed, { owner, outcomes }), scheduleOf(destination.config), retryState, input.now?.());

  const failed = results.find((r) => r.status === 'failed');
  const batch = {
    destinationId: destination.id,
    transformationId: code?.transformationId ?? null,
    transformationVersionId: code?.versionId ?? null,
    firstSeq: rows[0]!.seq,
    lastSeq: rows[rows.length - 1]!.seq,
    eventCount: rows.length,
    logs: transformed.logs,
    error: batchError,
    durationMs: transformed.durationMs,
  };
  store.deliveries.record(batch, results, next, retried);
  // A batch whose events failed at the sink says why (the worker itself carries on).
  return { kind: 'recorded', lastError: batchError ?? failed?.error ?? null, at: new Date().toISOString() };
}
