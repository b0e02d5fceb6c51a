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

/** What a batch needs of its destination's worker (destination-worker.ts): its dependencies, status and pauses. */
export interface BatchHost {
  readonly deps: { store: Store; workspaceId: string; getSandbox: () => Sandbox | undefined };
  /** Failed runs in a row that were not the code's fault. */
  transientFailures: number;
  setStatus(status: { state: 'running'; lastError?: string | null; lastBatchAt?: string }): void;
  sinkFor(destination: Destination): Sink;
  /** Waits a retry pause with this reason. */
  wait(reason: string): Step;
  /** Paused with this reason until something changes. */
  pause(reason: string): Step;
  /** The run crashed its sandbox process (counted towards quarantine). */
  crashed(code: PublishedCode, message: string): Step;
}

/**
 * One batch of a destination's worker: applies `integrations`, runs the connected published
 * transformation, hands outputs to the sink, then records per-event results and moves the
 * cursor to `next` in one transaction (`retried`: the "retry failed" events this batch redoes).
 */
export async function deliverBatch(worker: BatchHost, signal: AbortSignal, destination: Destination, rows: StoredEvent[], next: number, retried?: number[]): Promise<Step> {
  const { store, workspaceId } = worker.deps;

  let code: PublishedCode | undefined;
  let sandbox: Sandbox | undefined;
  let crashes = 0;
  if (destination.transformationId) {
    code = store.destinations.publishedCode(destination.transformationId);
    if (!code) return worker.wait(`transformation ${destination.transformationId} has no published version: publish it, or disconnect it`);
    const held = store.quarantine.get(code.versionId);
    if (held?.quarantinedAt) return worker.pause(quarantineReason(held.reason, held.crashes));
    crashes = held?.crashes ?? 0;
    sandbox = worker.deps.getSandbox();
    if (!sandbox) return worker.wait('the code sandbox is not available yet');
  }
  let sink: Sink;
  try {
    sink = worker.sinkFor(destination);
  } catch (error) {
    return worker.wait(`invalid destination config: ${(error as Error).message}`);
  }

  worker.setStatus({ state: 'running' });
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
      worker.transientFailures = 0;
      if (crashes > 0) store.quarantine.clear(code.versionId); // a good run: the crash count starts again
    } catch (error) {
      if (signal.aborted) throw new AbortedError();
      const message = (error as Error).message;
      if (error instanceof StudioError && error.details?.sandboxCrashed === true) return worker.crashed(code, message);
      if (!(error instanceof StudioError) && ++worker.transientFailures < MAX_TRANSIENT_FAILURES) {
        return worker.wait(`transformation run failed, retrying: ${message}`);
      }
      worker.transientFailures = 0;
      batchError = message;
      transformed = { perEvent: allowedEvents.map(() => ({ outputs: [], errors: [message] })), orphans: [], logs: [], eventLogs: [], durationMs: 0 };
    }
  }

  // Hand every output to the sink in input order, remembering whose it is.
  const { flat, owner } = flattenOutputs(transformed);
  const outcomes = flat.length ? await sink.deliver(flat, signal) : [];
  if (signal.aborted) throw new AbortedError();
  const retryState = (seq: number) => store.deliveryHealth.retryState(destination.id, seq);
  const results = planRetries(deliveryResults(rows, allowed, transformed, { owner, outcomes }), scheduleOf(destination.config), retryState);

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
  worker.setStatus({ state: 'running', lastError: batchError ?? failed?.error ?? null, lastBatchAt: new Date().toISOString() });
  return 'more';
}
