import type { FastifyPluginAsync } from 'fastify';
import type { StudioContext } from '../../context';
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

/**
 * Route plugins by auth scope. Each feature adds one line to the list it belongs to;
 * the plugin file sits beside this one and stays thin (validate, call a service, shape).
 */
export const openRoutes = (_ctx: StudioContext): FastifyPluginAsync[] => [healthRoutes];

/** Management API (seed 000) and studio API: Basic `email:token`. */
export const managementRoutes = (ctx: StudioContext): FastifyPluginAsync[] => [
  infoRoutes(ctx),
  sandboxTestRoutes(ctx),
  credentialsRoutes(ctx),
  sandboxSettingsRoutes(ctx),
  transformationsRoutes(ctx),
  librariesRoutes(ctx),
  librariesRoutes(ctx, '/transformationLibraries'),
  publishRoutes(ctx),
  managementSettingsRoutes(ctx),
  sourcesRoutes(ctx),
  eventsRoutes(ctx),
  destinationsRoutes(ctx),
  deliveriesRoutes(ctx),
  syncRoutes(ctx.sync),
  savedTestsRoutes(ctx),
  testEventsRoutes(ctx.testEvents),
  replayRoutes(ctx.replay),
  replaySendRoutes(ctx.sends),
];

/** Event collection API (seed 001): Basic `writeKey:`; auth is handled per route (text errors). */
export const eventRoutes = (_ctx: StudioContext): FastifyPluginAsync[] => [eventsApiRoutes()];
