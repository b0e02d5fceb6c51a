import { join } from 'node:path';
import type { StudioContext } from './context';
import { bootstrapCredentials, type Bootstrap, type CredentialInput } from './security/credentials';
import { createHttpServer, type HttpOptions } from './http/server';
import { findRendererDir } from './hosts/paths';
import { createStore } from './store';
import { newSecret } from './store/ids';
import { lockDataFolder } from './store/folder-lock';
import { createCollectService } from './collect/collect-service';
import { createRetention } from './collect/retention';
import { createPipeline } from './pipeline/pipeline-service';
import { startStoreMaintenance } from './store/maintenance-worker';
import { createSandbox, type SandboxProcessInfo } from './sandbox';
import { createSettingsServices } from './settings';
import { createDebugger } from './debug';
import { createSyncService } from './sync/sync-service';
import { fileTokenStore, type RemoteTokenStore } from './sync/token-store';
import { localGate, localTestStatus } from './sync/local-gate';
import { localWriter } from './sync/local-writer';
import { createTestEventsService } from './management/test-events-service';
import { createReplayJobs } from './replay/replay-jobs';
import { replayWorkers } from './replay/worker';
import { createReplayService } from './replay/replay-service';
import { createSendJobs } from './replay/send-jobs';
import { destinationSendSink } from './pipeline/destination-send-sink';
import { createSendService } from './replay/send-service';
import { createPublishService } from './management/publish-service';
import { createTransformationsService } from './management/transformations-service';
import { createVersionStatus } from './management/version-status';
import { createLibrariesService } from './management/libraries-service';
import { createLibraryStatus } from './management/library-status';
import { createSavedTestsService } from './management/saved-tests-service';
import { createSourcesService } from './collect/sources-service';
import { createEventsService } from './collect/events-service';
import { createImportService } from './collect/import-service';
import { createDestinationsService } from './pipeline/destinations-service';
import { createDeliveriesService } from './pipeline/deliveries-query';
import { createAccountAuth } from './security/account-auth';
import { setUpSecretsAtRest } from './security/secrets-at-rest';
import { DATABASE_FILE, LOG_DIR, LOG_FILE, prepareDataFolder, secureDataFolder } from './security/data-folder-modes';
import { createBackupService } from './backup/backup-service';
import { backupRepo } from './store/backup-repo';
import { startupMark } from './hosts/startup-trace';
import { createSchemaService } from './schema/schema-service';
import { createFuzzService } from './fuzz/fuzz-service';
import { silentLogger } from './http/silent-logger';
import { createWorkspaceService } from './workspace/workspace-service';
import type { OpenWorkspaceBody } from '../shared/api/workspace';
import type { OneShotCommand } from '../shared/one-shot';

export interface StudioOptions {
  dataDir: string;
  host?: string;
  port?: number;
  credentials?: CredentialInput;
  allowHosts?: string[];
  rendererDir?: string;
  /** Write the server log to <dataDir>/logs/studio.log (default true). */
  logToFile?: boolean;
  /** Session secret of this run (the desktop supervisor passes its own); generated when absent. */
  sessionToken?: string;
  /** Where remote tokens live (default: a 0600 file in the data folder, sealed with the master key). */
  remoteTokens?: RemoteTokenStore;
  /** Master key of secrets at rest (base64 of 32 bytes); default STUDIO_MASTER_KEY, else <dataDir>/master.key. */
  masterKey?: string;
  /** Start a sandbox process right after listening, so the first run does not wait for one (hosts: yes; default no). */
  prestartSandbox?: boolean;
  /** A core for one CLI command on a throw-away folder (docs/workspace.md): session token only, no background work. */
  oneShot?: OneShotCommand;
  /** A repository folder (meta.json) to open as the workspace and keep linked (docs/workspace.md). */
  workspace?: OpenWorkspaceBody;
  /** HTTP server limits (tests lower them). */
  http?: Pick<HttpOptions, 'bodyTimeouts' | 'logRotation'>;
}

export interface Studio {
  url: string;
  dataDir: string;
  /** Credentials created by this start (shown once), plus the account e-mail. */
  bootstrap: Bootstrap;
  /** Per-process session secret accepted with the account e-mail (desktop, login link). */
  sessionToken: string;
  /** The live sandbox processes (pid, runs in flight): user code runs there, never in this process. */
  sandboxProcesses(): SandboxProcessInfo[];
  /** The live debug processes (debugger and profiler sessions; the only ones with the inspector). */
  debugProcesses(): number[];
  close(): Promise<void>;
}

/** Composition root: store, services and HTTP server for one data directory. No electron here. */
export async function startStudio(options: StudioOptions): Promise<Studio> {
  startupMark('modules');
  prepareDataFolder(options.dataDir);
  const lock = lockDataFolder(options.dataDir);
  let store: ReturnType<typeof createStore>;
  try {
    store = createStore(join(options.dataDir, DATABASE_FILE));
  } catch (error) {
    lock.release();
    throw error;
  }
  startupMark('migrations');
  try {
    setUpSecretsAtRest(store, { dataDir: options.dataDir, envKey: options.masterKey ?? process.env.STUDIO_MASTER_KEY });
    secureDataFolder(options.dataDir);
    startupMark('secrets');
  } catch (error) {
    store.close();
    lock.release();
    throw error;
  }
  // Services: each feature creates its service below, adds it to ctx, and registers its closer.
  const closers: Array<() => Promise<void> | void> = [];
  const runClosers = async () => {
    for (const close of closers.reverse()) await close();
  };
  try {
    const bootstrap = bootstrapCredentials(store, options.credentials ?? {}, { sessionOnly: !!options.oneShot });
    const sessionToken = options.sessionToken ?? newSecret();
    const auth = createAccountAuth(store.account, { sessionToken, created: bootstrap.createdToken === undefined ? undefined : { email: bootstrap.email, token: bootstrap.createdToken } });
    auth.upgradeStoredHash();
    startupMark('scrypt');
    const host = options.host ?? '127.0.0.1';
    const own = createSettingsServices(store);
    const sandbox = createSandbox({
      getSettings: () => own.settings.sandbox(),
      credentials: () => own.credentials.values(),
      // Replay's batches run in the background sandbox process, by replay's own worker.
      workers: replayWorkers(),
    });
    closers.push(() => sandbox.close()); // pushed first: closes after the services that use it
    if (options.oneShot) sandbox.prestart(); // its process starts while the rest of the core does
    const pipeline = createPipeline({ store, dataDir: options.dataDir, workspaceId: bootstrap.workspaceId, getSandbox: () => sandbox, log: () => ctx.log });
    const maintenance = options.oneShot
      ? { noteActivity: () => {}, stop: async () => {} }
      : startStoreMaintenance(store.db, { onError: (message) => ctx.log.warn(message), indexStep: (limit) => store.events.indexKeys(limit) });
    const schema = createSchemaService(store, { onError: (message) => ctx.log.warn(message) });
    const collect = createCollectService({
      store,
      onCaptured: (sourceId) => {
        pipeline.notify(sourceId);
        maintenance.noteActivity();
        schema.fold.noteActivity();
      },
      log: () => ctx.log,
    });
    const retention = createRetention(store, () => ctx.log);
    const testEvents = createTestEventsService(store);
    const debugging = createDebugger({ libraryCode: store.libraryCode, settings: () => own.settings.sandbox(), credentials: () => own.credentials.values(), events: store.events, testEvents: store.testEvents });
    closers.push(() => debugging.close());
    const replayJobs = createReplayJobs({
      repo: store.replay,
      sandbox: () => sandbox,
      workspaceId: bootstrap.workspaceId,
      onError: (message) => ctx.log.warn(message),
    });
    closers.push(() => replayJobs.stop());
    const replay = createReplayService({ store, jobs: replayJobs, testEvents });
    replay.markInterrupted();
    const sendJobs = createSendJobs(store.sends, (message) => ctx.log.warn(message), (destinationId, sendId) =>
      destinationSendSink({ store, dataDir: options.dataDir, workspaceId: bootstrap.workspaceId, getSandbox: () => sandbox }, destinationId, sendId),
    );
    closers.push(() => sendJobs.stop());
    const sends = createSendService({ store, jobs: sendJobs, baseUrl: () => ctx.baseUrl });
    sends.markInterrupted();
    closers.push(() => maintenance.stop(), () => schema.fold.stop(), () => retention.stop(), () => pipeline.stop(), () => collect.close());
    const account = { email: bootstrap.email, workspaceId: bootstrap.workspaceId };
    const publish = createPublishService({ store, account, sandbox });
    const versionStatus = createVersionStatus(store, publish, (message) => ctx.log.warn(message), { background: !options.oneShot });
    const transformations = createTransformationsService({ store, account }, publish, versionStatus);
    const libraryStatus = createLibraryStatus(store, publish, versionStatus, (message) => ctx.log.warn(message), { background: !options.oneShot });
    const libraries = createLibrariesService({ store, account }, publish, libraryStatus);
    const sourcesChanged = () => (collect.sourcesChanged(), pipeline.reconcile());
    const sources = createSourcesService(store, sourcesChanged);
    const ctx: StudioContext = {
      dataDir: options.dataDir,
      store,
      account,
      sessionToken,
      auth,
      log: silentLogger,
      baseUrl: '',
      sandbox, collect, pipeline, retention,
      sync: createSyncService({ store, tokens: options.remoteTokens ?? fileTokenStore(options.dataDir, store.secrets), local: localWriter(transformations, libraries, testEvents), gate: localGate(publish), tests: localTestStatus(store, versionStatus, libraryStatus) }),
      testEvents,
      debug: debugging.debug, profiles: debugging.profiles, coverage: debugging.coverage,
      replay, sends, publish,
      transformations,
      versionStatus,
      libraryStatus,
      libraries,
      savedTests: createSavedTestsService(store, publish, versionStatus),
      sources,
      events: createEventsService(store),
      importer: createImportService({ store, onCaptured: (sourceId) => pipeline.notify(sourceId) }),
      destinations: createDestinationsService(store, pipeline),
      schema,
      fuzz: createFuzzService({ sandbox, libraryCode: store.libraryCode, shapes: (id) => schema.editorEvents(id) }),
      workspace: createWorkspaceService({ transformations, libraries, testEvents, writes: [versionStatus.onChange, store.testInputs.on], onError: (m) => ctx.log.warn(m), oneShot: !!options.oneShot }),
      ...own,
      deliveries: createDeliveriesService(store.deliveries),
      backup: createBackupService({ repo: backupRepo(store.db, store.secrets), onImported: () => (sourcesChanged(), store.testInputs.emit()) }), // an import writes test inputs too: re-run sweep
    };
    closers.push(() => versionStatus.close(), () => libraryStatus.close(), () => ctx.workspace.close()); // closed in reverse
    if (options.workspace) await ctx.workspace.link(options.workspace);
    startupMark('services');
    const app = await createHttpServer(ctx, {
      bindHost: host,
      allowHosts: options.allowHosts ?? [],
      rendererDir: options.rendererDir ?? findRendererDir(),
      oneShot: options.oneShot,
      ...options.http,
      logFile: options.logToFile === false ? undefined : join(options.dataDir, LOG_DIR, LOG_FILE),
    });
    startupMark('routes');
    await app.ready();
    startupMark('compile');
    await app.listen({ host, port: options.port ?? 0 });
    startupMark('listen');
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const urlHost = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    ctx.baseUrl = `http://${urlHost}:${port}`;
    if (!options.oneShot) for (const background of [pipeline, retention, schema.fold]) background.start();
    if (options.prestartSandbox) setImmediate(() => sandbox.prestart());
    let closed = false;
    return {
      url: ctx.baseUrl,
      dataDir: options.dataDir,
      bootstrap,
      sessionToken: ctx.sessionToken,
      sandboxProcesses: () => sandbox.processes(),
      debugProcesses: debugging.pids,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await runClosers();
        store.close();
        lock.release();
      },
    };
  } catch (error) {
    await runClosers().catch(() => {});
    store.close();
    lock.release();
    throw error;
  }
}
