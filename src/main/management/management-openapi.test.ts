import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';

describe('management API description (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  it('describes every management endpoint in /openapi.json', async () => {
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, any>> };
    const expected: [string, string][] = [
      ['/transformations', 'post'],
      ['/transformations', 'get'],
      ['/transformations/{id}', 'get'],
      ['/transformations/{id}', 'post'],
      ['/transformations/{id}', 'delete'],
      ['/transformations/{id}/versions', 'get'],
      ['/transformations/{id}/versions/{versionId}', 'get'],
      ['/libraries', 'post'],
      ['/libraries', 'get'],
      ['/libraries/{id}', 'get'],
      ['/libraries/{id}', 'post'],
      ['/libraries/{id}/versions', 'get'],
      ['/libraries/{id}/versions/{versionId}', 'get'],
      ['/transformations/libraries/publish', 'post'],
      ['/transformations/libraries/test', 'post'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.responses['200']).toBeDefined();
    }
    const versions = doc.paths['/transformations/{id}/versions']!.get;
    expect(versions.parameters.map((p: any) => p.name).sort()).toEqual(['count', 'id', 'orderBy']);
    const create = doc.paths['/transformations']!.post;
    expect(create.parameters.map((p: any) => p.name)).toContain('publish');
    const schema = create.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['name', 'description', 'code', 'events', 'destinationIds', 'publish']));
    const listSchema = doc.paths['/transformations/{id}/versions']!.get.responses['200'].content['application/json'].schema;
    expect(Object.keys(listSchema.properties)).toEqual(['TransformationVersions']);
    const libVersions = doc.paths['/libraries/{id}/versions']!.get.responses['200'].content['application/json'].schema;
    expect(Object.keys(libVersions.properties)).toEqual(['libraryVersions']);
  });
});
