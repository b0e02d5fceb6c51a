import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// Validators and response serializers are compiled when first used, not at start (see
// lazySchemaController for the serializers): compiling all of them (ajv and fast-json-stringify, ~100 operations) was most of the core's
// start (bench/startup.mjs, "compile"). lazy-compilers.test.ts compiles every one of them, so a
// schema that cannot compile still fails a test rather than a first request.

type Compiled = ((data: unknown) => unknown) & { errors?: unknown };

let eager = false;
let compiledSoFar = 0;
let serializersSoFar = 0;
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
/** How many response serializers this process compiled (tests). */
export const serializersCompiled = () => serializersSoFar;
/** Tests: compile at registration again (lazy-compilers.test.ts), so a bad schema throws at start. */
export function compileSchemasEagerly(on: boolean): void {
  eager = on;
}
export const schemasCompileEagerly = () => eager;

type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: { schema: unknown }) => Compiled;

/**
 * Serializers already made in this process, by serializer options and schema text: the API's
 * shapes are defined once (src/shared/api), so the ~800 answers of the studio's routes have ~100
 * distinct schemas (every error answer the same one), and a process that starts several servers
 * (tests) compiles each once.
 */
const sharedSerializers = new Map<string, Compiled>();

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);

/**
 * Fastify's own serializer compiler (fast-json-stringify), each response schema's serializer
 * compiled at its first answer, from a copy of the schema. fast-json-stringify writes into the
 * schema it builds from (it infers and stores `type`, marks strings for its Ajv): building from the
 * shared definitions themselves, at first answer in the order requests happened to come, some came
 * out with "schema contains a circular object reference" (a 500 for every error answer of the
 * route; the fuzz, FUZZ_SEED=369508156). A copy per build leaves the definitions as written, so
 * the order does not matter (lazy-compilers.test.ts: the definitions stay as written).
 */
export function lazySchemaController(): FastifyServerOptions['schemaController'] {
  const standard = (SerializerSelector as unknown as () => SerializerFactory)();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compile = standard(externalSchemas, options);
    // Shared between servers only when nothing but the schema and these options shape the result.
    const shareKey = isEmpty(externalSchemas) ? JSON.stringify(options ?? {}) : undefined;
    return (route) => {
      const own = () => {
        serializersSoFar++;
        return compile({ ...route, schema: structuredClone(route.schema) });
      };
      if (eager) return compileNow(own);
      let made: Compiled | undefined;
      const serializerOf = () => {
        if (shareKey === undefined) return compileNow(own);
        const key = `${shareKey}\n${JSON.stringify(route.schema)}`;
        let serializer = sharedSerializers.get(key);
        if (!serializer) sharedSerializers.set(key, (serializer = compileNow(own)));
        return serializer;
      };
      return ((data: unknown) => (made ??= serializerOf())(data)) as Compiled;
    };
  };
  return { compilersFactory: { buildSerializer } } as FastifyServerOptions['schemaController'];
}
