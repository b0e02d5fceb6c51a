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
  // Made at the first compile, like the validators (lazy-compilers.ts): not part of the start.
  let bodyAjv: Ajv | undefined;
  let textAjv: Ajv | undefined;
  const body = () => (bodyAjv ??= addFormats(new Ajv({ ...common, coerceTypes: false, removeAdditional: false })));
  const text = () => (textAjv ??= addFormats(new Ajv({ ...common, coerceTypes: 'array', removeAdditional: false })));
  // Each validator is compiled at its route's first call (lazy-compilers.ts).
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const compile = () => (httpPart === 'body' ? body().compile(schema) : text().compile(schema));
    return schemasCompileEagerly() ? compileNow(compile) : compileOnFirstCall(compile);
  });
}
