import type { FastifyBaseLogger } from 'fastify';
import type { Store } from './store';
import type { Sandbox } from './sandbox/types';
import type { CollectService } from './collect/collect-service';
import type { RetentionService } from './collect/retention';
import type { PipelineService } from './pipeline/pipeline-service';
import type { SyncService } from './sync/sync-service';
import type { TestEventsService } from './management/test-events-service';
import type { ReplayService } from './replay/replay-service';
import type { SendService } from './replay/send-service';

/** Everything a route or service may use; built once by studio.ts. */
export interface StudioContext {
  dataDir: string;
  store: Store;
  account: { email: string; workspaceId: string };
  /** Per-process secret accepted as the management token (desktop preload, printed login link). */
  sessionToken: string;
  log: FastifyBaseLogger;
  /** Filled by studio.ts after listen: the base URL of this instance. */
  baseUrl: string;
  /** Runs user transformations in isolated-vm (warm isolate pool; closed with the studio). */
  sandbox: Sandbox;
  /** Event API: validate, enrich and capture requests. */
  collect: CollectService;
  /** Delivery workers (one per destination). */
  pipeline: PipelineService;
  /** Retention setting and pruner of captured events. */
  retention: RetentionService;
  /** Remotes, changes, push, pull, conflicts. */
  sync: SyncService;
  /** Saved test events of transformations. */
  testEvents: TestEventsService;
  /** Replay runs and compares (background jobs). */
  replay: ReplayService;
  /** Re-sending events to the local event API or a remote data plane. */
  sends: SendService;
}
