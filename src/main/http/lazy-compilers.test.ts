import { afterAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { compileSchemasEagerly, schemasCompiled } from './lazy-compilers';

// Validators and serializers compile at a route's first call (start time); this file compiles
// every one of them at start once, so a schema that cannot compile fails here, not at a request.
describe('schemas compiled at first call', () => {
  const studios: TestStudio[] = [];
  afterAll(async () => {
    for (const t of studios) await t.close();
  });

  it('compiles every validator and serializer of the server when asked to at start', async () => {
    const before = schemasCompiled();
    compileSchemasEagerly(true);
    try {
      studios.push(await startTestStudio());
    } finally {
      compileSchemasEagerly(false);
    }
    // ~100 operations: bodies, params, querystrings and one serializer per answer status.
    expect(schemasCompiled() - before).toBeGreaterThan(150);
  });

  it('compiles the response serializers at start and a route\'s validators at its first call', async () => {
    // Serializers compiled lazily, in request order, came out of fast-json-stringify with "schema
    // contains a circular object reference" for some orders (the fuzz, FUZZ_SEED=369508156): they compile at start.
    const before = schemasCompiled();
    const t = await startTestStudio();
    studios.push(t);
    const atStart = schemasCompiled();
    expect(atStart).toBeGreaterThan(before);
    const refused = await t.call('POST', '/transformations', { name: 42, code: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/name/); // ajv's errors read through the lazy validator
    expect(schemasCompiled()).toBeGreaterThan(atStart); // the route's body validator, compiled now
    const created = await t.call('POST', '/transformations', { name: 'Lazy', description: '', code: 'export function transformEvent(e) { return e; }' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Lazy', versionId: expect.any(String) });
  });
});
