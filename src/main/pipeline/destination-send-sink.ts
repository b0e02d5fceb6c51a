import type { Sandbox } from '../sandbox';
import type { Store } from '../store';
import { deliveryResults, flattenOutputs, type ResultInput } from './delivery-results';
import { normaliseConfig } from './destination-config';
import { createSink, type SinkOutcome } from './sinks';
import type { SendSink } from './sinks/sink';
import { passThrough, runTransformation, type TransformStepResult } from './transform-step';

export interface DestinationSendDeps {
  store: Store;
  dataDir: string;
  workspaceId: string;
  getSandbox: () => Sandbox | undefined;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Replay to a destination: each event goes through what the destination runs now (its connected
 * published transformation, else unchanged) and then its sink (webhook, file, data plane, capture),
 * as the destination would deliver it. One outcome per input: accepted when every output was
 * delivered (or the transformation dropped it), rejected on a transformation error or a final
 * answer, failed when delivery may pass later. The results are also recorded in the destination's
 * own deliveries (its batch names the send; its queue position does not move), so what a send
 * delivered shows where the destination's deliveries are.
 */
export function destinationSendSink(deps: DestinationSendDeps, destinationId: string, sendId: string): SendSink {
  return {
    async deliver(events, signal, seqs): Promise<SinkOutcome[]> {
      const destination = deps.store.destinations.get(destinationId);
      if (!destination) return events.map(() => ({ ok: false, error: `destination ${destinationId} was deleted`, attempts: 0 }));
      let transformed: TransformStepResult = passThrough(events);
      const code = destination.transformationId ? deps.store.destinations.publishedCode(destination.transformationId) : undefined;
      if (code) {
        const sandbox = deps.getSandbox();
        if (!sandbox) return events.map(() => ({ ok: false, retry: true, error: 'the code sandbox is not available yet', attempts: 0 }));
        const metadata = events.map((e) => ({
          sourceId: text(e.sourceId) ?? '',
          workspaceId: deps.workspaceId,
          destinationId: destination.id,
          destinationType: destination.kind.toUpperCase().replace('-', '_'),
          destinationName: destination.name,
          messageId: text(e.messageId) ?? '',
          eventName: text(e.event),
          eventType: text(e.type),
          receivedAt: text(e.receivedAt),
          transformationId: code.transformationId,
          transformationVersionId: code.versionId,
        }));
        try {
          transformed = await runTransformation(sandbox, code, events, metadata);
        } catch (error) {
          // Every event fails with the run's error, as the live pipeline records a failed batch.
          const message = `transformation failed: ${(error as Error).message}`;
          transformed = { perEvent: events.map(() => ({ outputs: [], errors: [message] })), orphans: [], logs: [], eventLogs: [], durationMs: 0 };
        }
      }
      const { flat, owner } = flattenOutputs(transformed);
      const config = normaliseConfig(destination.kind, destination.config);
      const outcomes = flat.length ? await createSink({ ...destination, config }, deps.dataDir).deliver(flat, signal) : [];
      recordDeliveries(deps.store, { destinationId: destination.id, sendId, code }, events, seqs, transformed, { owner, outcomes });
      return transformed.perEvent.map((outcome, k) => {
        if (outcome.errors.length) return { ok: false, error: outcome.errors.join('\n'), attempts: 0 };
        const mine = outcomes.filter((_, j) => owner[j] === k);
        const failed = mine.find((o) => !o.ok);
        const attempts = Math.max(0, ...mine.map((o) => o.attempts));
        return failed ? { ...failed, attempts } : { ok: true, attempts };
      });
    },
  };
}

/** The send's results as the destination's deliveries: one batch naming the send, one row per event. */
function recordDeliveries(
  store: Store,
  at: { destinationId: string; sendId: string; code: { transformationId: string; versionId: string } | undefined },
  events: Record<string, unknown>[],
  seqs: (number | null)[],
  transformed: TransformStepResult,
  sent: { owner: number[]; outcomes: SinkOutcome[] },
): void {
  if (events.length === 0) return;
  const captured = new Map(store.events.getMany(seqs.filter((s): s is number => s !== null)).map((e) => [e.seq, e]));
  const inputs: ResultInput[] = events.map((e, i) => {
    const row = seqs[i] === null || seqs[i] === undefined ? undefined : captured.get(seqs[i]!);
    return row ?? { seq: null, sourceId: text(e.sourceId) ?? null, messageId: text(e.messageId) ?? null, type: text(e.type) ?? null, eventName: text(e.event) ?? null };
  });
  const known = inputs.map((r) => r.seq).filter((s): s is number => s !== null);
  store.deliveries.record(
    {
      destinationId: at.destinationId,
      transformationId: at.code?.transformationId ?? null,
      transformationVersionId: at.code?.versionId ?? null,
      firstSeq: known.length ? Math.min(...known) : 0,
      lastSeq: known.length ? Math.max(...known) : 0,
      eventCount: events.length,
      logs: transformed.logs,
      error: null,
      durationMs: transformed.durationMs,
      sendId: at.sendId,
    },
    deliveryResults(inputs, inputs.map((_, i) => i), transformed, sent),
    null,
  );
}
