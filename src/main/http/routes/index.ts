import type { FastifyPluginAsync } from 'fastify';
import type { StudioContext } from '../../context';
import type { OneShotCommand } from '../../../shared/one-shot';
import { healthRoutes } from './health';
import { infoRoutes } from './info';
import { sandboxTestRoutes } from './sandbox-test';
import { credentialsRoutes } from './credentials';
import { sandboxSettingsRoutes } from './sandbox-settings';
import { librariesRoutes } from './libraries';
import { managementSettingsRoutes } from './management-settings';
import { publishRoutes } from './publish';
import { transformationsRoutes } from './transformations';
import { eventsApiRoutes } from './events-api';
import { sourcesRoutes } from './sources';
import { eventsRoutes } from './events';
import { destinationsRoutes } from './destinations';
import { deliveriesRoutes } from './deliveries';
import { syncRoutes } from './sync';
import { savedTestsRoutes } from './saved-tests';
import { testEventsRoutes } from './test-events';
import { replayRoutes } from './replay';
import { replaySendRoutes } from './replay-send';
import { studioVersionsRoutes } from './studio-versions';
import { libraryCallRoutes } from './library-call';
import { backupRoutes } from './backup';
import { userStateRoutes } from './user-state';
import { debugRoutes } from './debug';
import { schemaRoutes } from './schema';
import { fuzzRoutes } from './fuzz';
import { workspaceRoutes } from './workspace';

/**
 * Route plugins by auth scope. Each feature adds one line to the list it belongs to, handing
 * its plugin the services it calls (never the whole context); the plugin file sits beside this
 * one and stays thin (validate, call a service, shape).
 */
export const openRoutes = (_ctx: StudioContext): FastifyPluginAsync[] => [healthRoutes];

/** Management API (seed 000) and studio API: Basic `email:token`. */
export const managementRoutes = (ctx: StudioContext): FastifyPluginAsync[] => [
  infoRoutes({ ...ctx.account, dataDir: ctx.dataDir, databaseFile: ctx.store.db.name, baseUrl: () => ctx.baseUrl }),
  sandboxTestRoutes({ sandbox: ctx.sandbox, libraryCode: ctx.store.libraryCode }),
  credentialsRoutes(ctx.credentials),
  sandboxSettingsRoutes(ctx.settings),
  transformationsRoutes(ctx.transformations),
  librariesRoutes(ctx.libraries),
  librariesRoutes(ctx.libraries, '/transformationLibraries'),
  publishRoutes(ctx.publish),
  managementSettingsRoutes(ctx.settings),
  sourcesRoutes(ctx.sources),
  eventsRoutes({ events: ctx.events, importer: ctx.importer, retention: ctx.retention }),
  destinationsRoutes(ctx.destinations),
  deliveriesRoutes(ctx.deliveries),
  syncRoutes(ctx.sync),
  savedTestsRoutes(ctx.savedTests),
  testEventsRoutes(ctx.testEvents),
  replayRoutes(ctx.replay),
  replaySendRoutes(ctx.sends),
  studioVersionsRoutes(ctx.transformations, ctx.libraries, ctx.versionStatus, ctx.libraryStatus),
  libraryCallRoutes({ sandbox: ctx.sandbox, libraryCode: ctx.store.libraryCode }),
  backupRoutes(ctx.backup),
  userStateRoutes(ctx.userState),
  debugRoutes(ctx.debug, ctx.profiles, ctx.coverage),
  schemaRoutes(ctx.schema),
  fuzzRoutes(ctx.fuzz),
  workspaceRoutes(ctx.workspace),
];

/**
 * What a CLI folder command calls on its one-shot core (bin/commands/): `studio test DIR` opens
 * the folder and runs the saved tests; `studio replay` opens two, reads versions and runs replays.
 */
export const oneShotRoutes = (ctx: StudioContext, command: OneShotCommand): FastifyPluginAsync[] =>
  command === 'test'
    ? [workspaceRoutes(ctx.workspace), savedTestsRoutes(ctx.savedTests)]
    : [workspaceRoutes(ctx.workspace), transformationsRoutes(ctx.transformations), replayRoutes(ctx.replay)];

/** Event collection API (seed 001): Basic `writeKey:`; auth is handled per route (text errors). */
export const eventRoutes = (_ctx: StudioContext): FastifyPluginAsync[] => [eventsApiRoutes()];
