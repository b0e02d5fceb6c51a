import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { compileSchemasEagerly, lazySchemaController, schemasCompiled, serializersCompiled } from './lazy-compilers';

// Validators and serializers compile at their first use (start time); this file compiles every
// one of them at start once, so a schema that cannot compile fails here, not at a request.
describe('schemas compiled at first use', () => {
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
    // ~130 operations: bodies, params, querystrings and one serializer per answer status (~800).
    expect(schemasCompiled() - before).toBeGreaterThan(500);
  });

  it("compiles nothing at start, then a route's validator and its answer's serializer at its first call", async () => {
    const before = schemasCompiled();
    const t = await startTestStudio();
    studios.push(t);
    expect(schemasCompiled()).toBe(before);
    const refused = await t.call('POST', '/transformations', { name: 42, code: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/name/); // ajv's errors read through the lazy validator
    expect(schemasCompiled()).toBeGreaterThan(before); // the route's body validator, compiled now
    const created = await t.call('POST', '/transformations', { name: 'Lazy', description: '', code: 'export function transformEvent(e) { return e; }' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Lazy', versionId: expect.any(String) });
  });

  it('a second server in the process reuses the serializers the first one compiled', async () => {
    const first = await startTestStudio();
    studios.push(first);
    expect((await first.call('GET', '/transformations')).status).toBe(200);
    const second = await startTestStudio();
    studios.push(second);
    const before = serializersCompiled();
    const listed = await second.call('GET', '/transformations');
    expect(listed.status).toBe(200);
    expect(serializersCompiled()).toBe(before); // the list's serializer came from the first server
  });

  it('builds each serializer from a copy: the shared schema stays as written, whatever the order', async () => {
    // fast-json-stringify writes into the schema it builds from (here: the `type` it infers from
    // `properties`); built from the shared definitions in some orders, serializers came out with
    // "schema contains a circular object reference".
    const shared = { properties: { id: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } };
    const asWritten = structuredClone(shared);
    const app = Fastify({ schemaController: lazySchemaController() });
    app.get('/a', { schema: { response: { 200: shared } } }, async () => ({ id: 'a', tags: ['x'], extra: 1 }));
    app.get('/b', { schema: { response: { 200: { type: 'object', properties: { item: shared } } } } }, async () => ({ item: { id: 'b', tags: [], extra: 2 } }));
    const before = serializersCompiled();
    await app.ready();
    expect(serializersCompiled()).toBe(before); // none at start
    const b = await app.inject({ method: 'GET', url: '/b' });
    expect(serializersCompiled()).toBe(before + 1); // /b's, at its first answer
    const a = await app.inject({ method: 'GET', url: '/a' });
    expect(serializersCompiled()).toBe(before + 2);
    await app.close();
    expect(b.json()).toEqual({ item: { id: 'b', tags: [] } });
    expect(a.json()).toEqual({ id: 'a', tags: ['x'] });
    expect(shared).toEqual(asWritten);
  });
});
