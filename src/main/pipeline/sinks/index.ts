import type { Destination } from '../../store/destinations-repo';
import { resolveFilePath, typedDestination } from '../destination-config';
import { captureSink } from './capture-sink';
import { dataPlaneSink } from './data-plane-sink';
import { fileSink } from './file-sink';
import type { Sink } from './sink';
import { webhookSink } from './webhook-sink';

/** The sink of a destination (config was validated and defaulted when it was saved). */
export function createSink(destination: Destination, dataDir: string): Sink {
  const typed = typedDestination(destination);
  switch (typed.kind) {
    case 'webhook':
      return webhookSink(typed.config);
    case 'file':
      return fileSink(resolveFilePath(dataDir, typed.config.path));
    case 'data-plane':
      return dataPlaneSink(typed.config);
    case 'capture':
      return captureSink();
  }
}
export type { Sink, SinkOutcome } from './sink';
