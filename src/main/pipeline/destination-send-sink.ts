import type { Sandbox } from '../sandbox';
import type { Store } from '../store';
import { flattenOutputs } from './delivery-results';
import { normaliseConfig } from './destination-config';
import { createSink, type Sink, type SinkOutcome } from './sinks';
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
 * answer, failed when delivery may pass later. Nothing is recorded in the destination's own
 * deliveries: the send job keeps the results.
 */
export function destinationSendSink(deps: DestinationSendDeps, destinationId: string): Sink {
  return {
    async deliver(events, signal): Promise<SinkOutcome[]> {
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
          return events.map(() => ({ ok: false, error: `transformation failed: ${(error as Error).message}`, attempts: 0 }));
        }
      }
      const { flat, owner } = flattenOutputs(transformed);
      const config = normaliseConfig(destination.kind, destination.config);
      const outcomes = flat.length ? await createSink({ ...destination, config }, deps.dataDir).deliver(flat, signal) : [];
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
