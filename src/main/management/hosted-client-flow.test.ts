import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, TEST_TOKEN, startTestStudio, type TestStudio } from '../testing/harness';
import { ISO, KSUID, insertDestination } from '../testing/management-support';

/**
 * A client written for the hosted API: Basic email:token, JSON bodies, updates by POST,
 * publish as a query parameter, testInput as a string holding a JSON array (as the docs show).
 */
function hostedClient(baseUrl: string) {
  const authorization = `Basic ${Buffer.from(`${TEST_EMAIL}:${TEST_TOKEN}`).toString('base64')}`;
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(baseUrl + path, {
      method,
      headers: { Authorization: authorization, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<any>;
  };
  return {
    createTransformation: (name: string, description: string, code: string, publish = false) =>
      request('POST', `/transformations?publish=${publish}`, { name, description, code }),
    updateTransformation: (id: string, name: string, description: string, code: string, publish = false) =>
      request('POST', `/transformations/${id}?publish=${publish}`, { name, description, code }),
    getTransformation: (id: string) => request('GET', `/transformations/${id}`),
    listTransformations: () => request('GET', '/transformations'),
    transformationVersions: (id: string, count = 5, orderBy = 'ASC') => request('GET', `/transformations/${id}/versions?count=${count}&orderBy=${orderBy}`),
    transformationVersion: (id: string, versionId: string) => request('GET', `/transformations/${id}/versions/${versionId}`),
    createLibrary: (name: string, description: string, code: string, publish = false) =>
      request('POST', `/libraries?publish=${publish}`, { name, description, code }),
    updateLibrary: (id: string, description: string, code: string, publish = false) =>
      request('POST', `/libraries/${id}?publish=${publish}`, { description, code }),
    getLibrary: (id: string) => request('GET', `/libraries/${id}`),
    libraryVersions: (id: string) => request('GET', `/libraries/${id}/versions`),
    publish: (transformations: { versionId: string; testInput: string }[], libraries: { versionId: string }[]) =>
      request('POST', '/transformations/libraries/publish', { transformations, libraries }),
    deleteTransformation: (id: string) => request('DELETE', `/transformations/${id}`),
  };
}

const LIBRARY_CODE = `export function getCube(x) { return x * x * x; }`;
const CODE_V1 = `export function transformEvent(event, metadata) {
  return event;
}`;
const CODE_V2 = `import { getCube } from 'getCube';
export function transformEvent(event, metadata) {
  event.properties = { ...event.properties, cube: getCube(event.properties?.n ?? 0) };
  return event;
}`;
const TEST_INPUT = JSON.stringify([{ type: 'track', event: 'Cubed', messageId: 'c1', userId: 'u', properties: { n: 3 } }]);

describe('a hosted-API client against the local API (integration)', () => {
  let t: TestStudio;
  let workspaceId: string;
  beforeAll(async () => {
    t = await startTestStudio();
    workspaceId = (await t.call('GET', '/studio/api/info')).body.workspaceId;
  });
  afterAll(() => t.close());

  it('create → update → versions → publish → get, with every field of the seed', async () => {
    const client = hostedClient(t.url);
    const destinationId = insertDestination(t, 'Hosted destination');

    // Library: create, update, list versions.
    const library = await client.createLibrary('Get Cube', 'cubes numbers', '');
    const libraryFields = { id: expect.stringMatching(KSUID), name: 'Get Cube', description: 'cubes numbers', importName: 'getCube', versionId: expect.stringMatching(KSUID) };
    expect(library).toMatchObject({ ...libraryFields, code: '', createdAt: expect.stringMatching(ISO), updatedAt: expect.stringMatching(ISO) });
    expect(library.workspace).toEqual(expect.any(Object));
    const libraryV2 = await client.updateLibrary(library.id, 'cubes numbers', LIBRARY_CODE);
    expect(libraryV2).toMatchObject({ ...libraryFields, id: library.id, code: LIBRARY_CODE, createdAt: library.createdAt });
    expect(libraryV2.versionId).not.toBe(library.versionId);
    const { libraryVersions } = await client.libraryVersions(library.id);
    expect(libraryVersions).toHaveLength(2);
    for (const v of libraryVersions) {
      expect(v).toMatchObject({ id: library.id, name: 'getCube', importName: 'getCube', isPublished: false, description: 'cubes numbers' });
      expect(v.createdAt).toMatch(ISO);
      expect(v.updatedAt).toMatch(ISO);
    }
    expect(libraryVersions.map((v: any) => v.versionId)).toEqual([library.versionId, libraryV2.versionId]);

    // Transformation: create (200), update (new versionId).
    const created = await client.createTransformation('Cube it', 'adds a cube', CODE_V1);
    expect(Object.keys(created).sort()).toEqual(
      ['code', 'codeVersion', 'createdAt', 'description', 'destinations', 'id', 'language', 'name', 'publishedVersionId', 'updatedAt', 'versionId', 'workspaceId'].sort(),
    );
    expect(created).toMatchObject({
      name: 'Cube it',
      description: 'adds a cube',
      code: CODE_V1,
      codeVersion: '1',
      language: 'javascript',
      workspaceId,
      destinations: [],
    });
    expect(created.id).toMatch(KSUID);
    expect(created.versionId).toMatch(KSUID);
    expect(created.createdAt).toMatch(ISO);
    expect(created.updatedAt).toMatch(ISO);

    const updated = await client.updateTransformation(created.id, 'Cube it', 'adds a cube to properties', CODE_V2);
    expect(updated).toMatchObject({ id: created.id, code: CODE_V2, description: 'adds a cube to properties', codeVersion: '1', createdAt: created.createdAt, workspaceId });
    expect(updated.versionId).not.toBe(created.versionId);
    expect(updated.updatedAt >= created.updatedAt).toBe(true);

    // Versions: ascending by default, DESC on request; listings omit workspaceId and destinations.
    const asc = (await client.transformationVersions(created.id)).TransformationVersions;
    expect(asc.map((v: any) => v.versionId)).toEqual([created.versionId, updated.versionId]);
    for (const v of asc) {
      expect(v).toMatchObject({ id: created.id, name: 'Cube it', codeVersion: '1' });
      expect(v.createdAt).toMatch(ISO);
      expect(v.updatedAt).toMatch(ISO);
      expect(v.workspaceId).toBeUndefined();
      expect(v.destinations).toBeUndefined();
    }
    expect(asc[0].code).toBe(CODE_V1);
    expect(asc[1].code).toBe(CODE_V2);
    const desc = (await client.transformationVersions(created.id, 1, 'DESC')).TransformationVersions;
    expect(desc.map((v: any) => v.versionId)).toEqual([updated.versionId]);
    const one = await client.transformationVersion(created.id, created.versionId);
    expect(one).toMatchObject({ id: created.id, versionId: created.versionId, code: CODE_V1, description: 'adds a cube', workspaceId, destinations: [] });

    // Publish the library version and the transformation version that imports it.
    expect(await client.publish([{ versionId: updated.versionId, testInput: TEST_INPUT }], [{ versionId: libraryV2.versionId }])).toEqual({
      published: true,
    });

    // Get: the published code is the latest; the library version shows isPublished.
    const got = await client.getTransformation(created.id);
    expect(got).toEqual({ ...updated, publishedVersionId: updated.versionId });
    expect((await client.libraryVersions(library.id)).libraryVersions.map((v: any) => v.isPublished)).toEqual([false, true]);
    expect((await client.getLibrary(library.id)).versionId).toBe(libraryV2.versionId);
    expect((await client.listTransformations()).transformations).toEqual([got]);

    // Update with publish=true and destinationIds (a body field) connects the destination.
    const live = await fetch(`${t.url}/transformations/${created.id}?publish=true`, {
      method: 'POST',
      headers: { Authorization: t.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Cube it', description: 'live', code: CODE_V2, destinationIds: [destinationId], events: JSON.parse(TEST_INPUT) }),
    });
    expect(live.status).toBe(200);
    const liveBody = (await live.json()) as any;
    expect(liveBody.destinations).toEqual([{ id: destinationId, name: 'Hosted destination', enabled: true }]);
    expect(liveBody.publishedVersionId).toBe(liveBody.versionId);

    expect(await client.deleteTransformation(created.id)).toEqual({ success: true });
    expect((await client.listTransformations()).transformations).toEqual([]);
  });
});
