import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// Validators are compiled when a route is first called, not at start (response serializers compile
// at start, see lazySchemaController):
// compiling all of them (ajv and fast-json-stringify, ~100 operations) was most of the core's
// start (bench/startup.mjs, "compile"). lazy-compilers.test.ts compiles every one of them, so a
// schema that cannot compile still fails a test rather than a first request.

type Compiled = ((data: unknown) => unknown) & { errors?: unknown };

let eager = false;
let compiledSoFar = 0;
/** Compiles now, counted (schemasCompiled). */
export function compileNow<F extends Compiled>(compile: () => F): F {
  compiledSoFar++;
  return compile();
}

/** `compile()` runs at the first call; ajv's `errors` of the last call read through. */
export function compileOnFirstCall<F extends Compiled>(compile: () => F): F {
  let compiled: F | undefined;
  const call = (data: unknown) => (compiled ??= compileNow(compile))(data);
  Object.defineProperty(call, 'errors', { get: () => compiled?.errors, enumerable: true });
  return call as unknown as F;
}

/** How many validators and serializers this process compiled (tests). */
export const schemasCompiled = () => compiledSoFar;
/** Tests: compile at registration again (lazy-compilers.test.ts), so a bad schema throws at start. */
export function compileSchemasEagerly(on: boolean): void {
  eager = on;
}
export const schemasCompileEagerly = () => eager;

type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: unknown) => Compiled;

/** Fastify's own serializer compiler (fast-json-stringify), each route's compiled at its first answer. */
export function lazySchemaController(): FastifyServerOptions['schemaController'] {
  const standard = (SerializerSelector as unknown as () => SerializerFactory)();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compile = standard(externalSchemas, options);
    // Serializers compile at registration, in route order: compiled at first answer, in the order
    // requests happen to come, some came out of fast-json-stringify with "schema contains a circular
    // object reference" (a 500 for every error answer of the route; the fuzz, FUZZ_SEED=369508156).
    return (route) => compileNow(() => compile(route));
  };
  return { compilersFactory: { buildSerializer } } as FastifyServerOptions['schemaController'];
}
