import type { Destination } from '../../store/destinations-repo';
import { resolveFilePath, type DataPlaneConfig, type FileConfig, type WebhookConfig } from '../destination-config';
import { captureSink } from './capture-sink';
import { dataPlaneSink } from './data-plane-sink';
import { fileSink } from './file-sink';
import type { Sink } from './sink';
import { webhookSink } from './webhook-sink';

/** The sink of a destination (config was validated and defaulted when it was saved). */
export function createSink(destination: Destination, dataDir: string): Sink {
  switch (destination.kind) {
    case 'webhook':
      return webhookSink(destination.config as unknown as WebhookConfig);
    case 'file':
      return fileSink(resolveFilePath(dataDir, (destination.config as unknown as FileConfig).path));
    case 'data-plane':
      return dataPlaneSink(destination.config as unknown as DataPlaneConfig);
    default:
      return captureSink();
  }
}
export type { Sink, SinkOutcome } from './sink';
