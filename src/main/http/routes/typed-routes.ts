import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

const typed = (plugin: FastifyInstance) => plugin.withTypeProvider<TypeBoxTypeProvider>();

/** A Fastify scope whose route schemas type the handlers' requests (TypeBox). */
export type TypedApp = ReturnType<typeof typed>;

/** A route plugin: registers its routes on a TypeBox-typed scope (the plain scope is there for hooks). */
export const typedRoutes =
  (register: (app: TypedApp, plugin: FastifyInstance) => void): FastifyPluginAsync =>
  async (plugin) => register(typed(plugin), plugin);
