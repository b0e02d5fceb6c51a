import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { compileOnFirstCall, compileNow, schemasCompileEagerly } from './lazy-compilers';

// ajv-formats ships CommonJS with a default export under `default` in some bundlers.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/**
 * Bodies are validated strictly (a number where a string is expected is an error, not
 * coerced); query strings, params and headers are coerced because they arrive as text.
 */
export function registerValidation(app: FastifyInstance): void {
  const common = { allErrors: false, useDefaults: true, strict: false } as const;
  const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false, removeAdditional: false }));
  const textAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array', removeAdditional: false }));
  // Each validator is compiled at its route's first call (lazy-compilers.ts).
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const compile = () => (httpPart === 'body' ? bodyAjv.compile(schema) : textAjv.compile(schema));
    return schemasCompileEagerly() ? compileNow(compile) : compileOnFirstCall(compile);
  });
}
