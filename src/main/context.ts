import type { FastifyBaseLogger } from 'fastify';
import type { Store } from './store';
import type { Sandbox } from './sandbox';
import type { CollectService } from './collect/collect-service';
import type { RetentionService } from './collect/retention';
import type { PipelineService } from './pipeline/pipeline-service';
import type { SyncService } from './sync/sync-service';
import type { TestEventsService } from './management/test-events-service';
import type { ReplayService } from './replay/replay-service';
import type { SendService } from './replay/send-service';
import type { Account } from './management/deps';
import type { PublishService } from './management/publish-service';
import type { TransformationsService } from './management/transformations-service';
import type { LibraryStatus } from './management/library-status';
import type { VersionStatus } from './management/version-status';
import type { LibrariesService } from './management/libraries-service';
import type { SavedTestsService } from './management/saved-tests-service';
import type { SourcesService } from './collect/sources-service';
import type { EventsService } from './collect/events-service';
import type { ImportService } from './collect/import-service';
import type { DestinationsService } from './pipeline/destinations-service';
import type { AccountAuth } from './security/account-auth';
import type { BackupService } from './backup/backup-service';
import type { DebugSessions } from './debug/debug-sessions';
import type { ProfileSessions } from './debug/profile-sessions';
import type { CoverageService } from './debug/coverage-sessions';
import type { SchemaService } from './schema/schema-service';
import type { FuzzService } from './fuzz/fuzz-service';
import type { SettingsService } from './settings/settings-service';
import type { CredentialsService } from './settings/credentials-service';
import type { UserStateService } from './settings/user-state-service';
import type { DeliveriesService } from './pipeline/deliveries-query';
import type { WorkspaceService } from './workspace/workspace-service';

/** The services and the facts of this run; built once by studio.ts, handed out piecewise by http/routes/index.ts. */
export interface StudioContext {
  dataDir: string;
  store: Store;
  account: Account;
  /** Per-process secret accepted as the management token (desktop preload, printed login link). */
  sessionToken: string;
  /** Checks management API credentials (account token or session token). */
  auth: AccountAuth;
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
  /** Debug sessions (one event, paused at breakpoints) in debug processes with the inspector. */
  debug: DebugSessions;
  /** CPU profiles of the code over many events, in debug processes. */
  profiles: ProfileSessions;
  /** Coverage of the code by its saved tests (or events), in a debug process. */
  coverage: CoverageService;
  /** Replay runs and compares (background jobs). */
  replay: ReplayService;
  /** Re-sending events to the local event API or a remote data plane. */
  sends: SendService;
  /** Server-side tests of versions and the all-or-nothing publish. */
  publish: PublishService;
  transformations: TransformationsService;
  /** A transformation version's test status, derived from what it depends on, kept current in the background. */
  versionStatus: VersionStatus;
  libraryStatus: LibraryStatus;
  libraries: LibrariesService;
  /** Every transformation's latest version run on its saved tests (the CLI's `studio test`). */
  savedTests: SavedTestsService;
  sources: SourcesService;
  /** Captured events: list, filter, count, delete, export. */
  events: EventsService;
  /** Imports of event files into a source. */
  importer: ImportService;
  destinations: DestinationsService;
  /** Export and import of the whole workspace as one file. */
  backup: BackupService;
  /** The event schema learned from captured events (background fold, schema API). */
  schema: SchemaService;
  /** Fuzzing: events generated from the learned schema through the code. */
  fuzz: FuzzService;
  /** Sandbox and management API settings. */
  settings: SettingsService;
  /** Credentials for getCredential(key): masked in every answer. */
  credentials: CredentialsService;
  /** The UI's drafts, test sets and preferences. */
  userState: UserStateService;
  /** Per-event delivery results and their push. */
  deliveries: DeliveriesService;
  /** A repository folder (meta.json) opened as the workspace, and the workspace written out as one. */
  workspace: WorkspaceService;
}
