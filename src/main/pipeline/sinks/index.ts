import type { Destination } from '../../store/destinations-repo';
import { resolveFilePath, typedDestination, type RetryConfig } from '../destination-config';
import { captureSink } from './capture-sink';
import { dataPlaneSink } from './data-plane-sink';
import { fileSink } from './file-sink';
import type { Sink } from './sink';
import { webhookSink } from './webhook-sink';

/**
 * The sink of a destination (config was validated and defaulted when it was saved). `oneAttempt`
 * (the live pipeline): each output is tried once per round, its retries come on the destination's
 * schedule (retry-plan.ts); otherwise (a send) up to maxAttempts attempts backoffMs apart at once.
 */
export function createSink(destination: Destination, dataDir: string, oneAttempt = false): Sink {
  const typed = typedDestination(destination);
  const attempts = <C extends RetryConfig>(config: C): C & { quiet?: boolean } => (oneAttempt ? { ...config, maxAttempts: 1, quiet: true } : config);
  switch (typed.kind) {
    case 'webhook':
      return webhookSink(attempts(typed.config));
    case 'file':
      return fileSink(resolveFilePath(dataDir, typed.config.path));
    case 'data-plane':
      return dataPlaneSink(attempts(typed.config));
    case 'capture':
      return captureSink();
  }
}
export type { Sink, SinkOutcome } from './sink';
