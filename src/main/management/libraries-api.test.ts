import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, startTestStudio, type TestStudio } from '../testing/harness';
import { ISO, KSUID, ok, query } from '../testing/management-support';

const CODE = 'export function double(x) { return x * 2; }';

describe('libraries API (integration)', () => {
  let t: TestStudio;
  let workspaceId: string;
  beforeAll(async () => {
    t = await startTestStudio();
    workspaceId = (await ok(t, 'GET', '/studio/api/info')).workspaceId;
  });
  afterAll(() => t.close());

  it('creates a library with 200, importName = camelCase(name) and every field of the seed', async () => {
    const response = await t.call('POST', '/libraries', { name: 'User Defined Library4', description: 'numbers', code: CODE });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toEqual({
      id: expect.stringMatching(KSUID),
      versionId: expect.stringMatching(KSUID),
      name: 'User Defined Library4',
      description: 'numbers',
      code: CODE,
      importName: 'userDefinedLibrary4',
      language: 'javascript',
      createdAt: expect.stringMatching(ISO),
      updatedAt: body.createdAt,
      workspaceId,
      workspace: { id: workspaceId },
      publishedVersionId: null,
    });
    expect((await ok(t, 'POST', '/libraries', { name: 'Get Cube' })).importName).toBe('getCube');
    expect((await ok(t, 'POST', '/libraries', { name: 'event-utils_v2' })).importName).toBe('eventUtilsV2');
  });

  it('refuses a name whose import name is taken, naming it', async () => {
    await ok(t, 'POST', '/libraries', { name: 'Clash Lib' });
    for (const name of ['clash lib', 'CLASH-LIB', 'clash_lib']) {
      const response = await t.call('POST', '/libraries', { name });
      expect(response.status, name).toBe(400);
      expect(response.body.error).toMatch(/import name "clashLib" is already used by library "Clash Lib"/);
    }
  });

  it('refuses a name without letters or digits and an importName that does not match', async () => {
    const empty = await t.call('POST', '/libraries', { name: '!!! ---' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/"name"/);
    const mismatch = await t.call('POST', '/libraries', { name: 'Nice Name', importName: 'other' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatch(/"importName".*"niceName"/);
    expect((await ok(t, 'POST', '/libraries', { name: 'Nice Name', importName: 'niceName' })).importName).toBe('niceName');
  });

  it('lists under "libraries" and gets one by id', async () => {
    const created = await ok(t, 'POST', '/libraries', { name: 'Listed Lib', code: CODE });
    const list = await ok(t, 'GET', '/libraries');
    expect(Object.keys(list)).toEqual(['libraries']);
    expect(list.libraries).toContainEqual(created);
    expect(await ok(t, 'GET', `/libraries/${created.id}`)).toEqual(created);
    expect((await t.call('GET', '/libraries/unknown')).status).toBe(404);
  });

  it('updates with POST: new versionId, omitted fields kept, import name kept', async () => {
    const created = await ok(t, 'POST', '/libraries', { name: 'Updatable Lib', description: 'd', code: CODE });
    const updated = await ok(t, 'POST', `/libraries/${created.id}`, { code: 'export const v = 2;' });
    expect(updated).toMatchObject({ id: created.id, name: 'Updatable Lib', description: 'd', importName: 'updatableLib', code: 'export const v = 2;' });
    expect(updated.versionId).not.toBe(created.versionId);
    expect(updated.createdAt).toBe(created.createdAt);
    const described = await ok(t, 'POST', `/libraries/${created.id}`, { description: 'new' });
    expect(described).toMatchObject({ description: 'new', code: 'export const v = 2;' });
  });

  it('renames a library: the import name follows and must stay free', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Old Name' });
    await ok(t, 'POST', '/libraries', { name: 'Taken Name' });
    const sameImport = await ok(t, 'POST', `/libraries/${lib.id}`, { name: 'old name' });
    expect(sameImport).toMatchObject({ name: 'old name', importName: 'oldName' });
    const clash = await t.call('POST', `/libraries/${lib.id}`, { name: 'Taken-Name' });
    expect(clash.status).toBe(400);
    expect(clash.body.error).toMatch(/"takenName"/);
    const renamed = await ok(t, 'POST', `/libraries/${lib.id}`, { name: 'Brand New' });
    expect(renamed.importName).toBe('brandNew');
    // The old version keeps the import name it was saved with.
    const first = await ok(t, 'GET', `/libraries/${lib.id}/versions/${lib.versionId}`);
    expect(first).toMatchObject({ name: 'Old Name', importName: 'oldName' });
    // The freed name can be used again.
    expect((await ok(t, 'POST', '/libraries', { name: 'Old Name' })).importName).toBe('oldName');
  });

  it('lists versions under "libraryVersions" with isPublished, the import name as name, count and orderBy', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Versioned Lib', code: '// 1' });
    const versionIds = [lib.versionId];
    for (let i = 2; i <= 7; i++) versionIds.push((await ok(t, 'POST', `/libraries/${lib.id}`, { code: `// ${i}` })).versionId);
    const body = await ok(t, 'GET', `/libraries/${lib.id}/versions`);
    expect(Object.keys(body)).toEqual(['libraryVersions']);
    expect(body.libraryVersions.map((v: any) => v.versionId)).toEqual(versionIds.slice(0, 5));
    expect(body.libraryVersions[0]).toEqual({
      id: lib.id,
      versionId: lib.versionId,
      name: 'versionedLib',
      description: '',
      code: '// 1',
      importName: 'versionedLib',
      language: 'javascript',
      createdAt: lib.createdAt,
      updatedAt: lib.createdAt,
      createdBy: TEST_EMAIL,
      isPublished: false,
    });
    const desc = await ok(t, 'GET', `/libraries/${lib.id}/versions?orderBy=DESC&count=3`);
    expect(desc.libraryVersions.map((v: any) => v.versionId)).toEqual([versionIds[6], versionIds[5], versionIds[4]]);
    expect((await ok(t, 'GET', `/libraries/${lib.id}/versions?count=50`)).libraryVersions).toHaveLength(7);
    expect((await t.call('GET', `/libraries/${lib.id}/versions?count=0`)).status).toBe(400);
    expect((await t.call('GET', `/libraries/${lib.id}/versions?orderBy=sideways`)).status).toBe(400);
  });

  it('records the account e-mail as createdBy of every version (create, update, publish-on-save)', async () => {
    const { email } = await ok(t, 'GET', '/studio/api/info');
    expect(email).toBe(TEST_EMAIL);
    const lib = await ok(t, 'POST', '/libraries', { name: 'Authored Lib', code: CODE });
    const updated = await ok(t, 'POST', `/libraries/${lib.id}`, { code: `${CODE} // 2` });
    const published = await ok(t, 'POST', `/libraries/${lib.id}?publish=true`, { code: `${CODE} // 3` });
    expect(published.publishedVersionId).toBe(published.versionId);
    const versionIds = [lib.versionId, updated.versionId, published.versionId];
    const listed = (await ok(t, 'GET', `/libraries/${lib.id}/versions`)).libraryVersions;
    expect(listed.map((v: any) => [v.versionId, v.createdBy])).toEqual(versionIds.map((id) => [id, email]));
    for (const id of versionIds) expect((await ok(t, 'GET', `/libraries/${lib.id}/versions/${id}`)).createdBy).toBe(email);
    const rows = query<{ id: string; created_by: string | null }>(t, 'SELECT id, created_by FROM library_versions WHERE library_id = ? ORDER BY seq', lib.id);
    expect(rows).toEqual(versionIds.map((id) => ({ id, created_by: email })));
  });

  it('gets one library version with its name, workspace and isPublished', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'One Version Lib', description: 'x', code: CODE });
    const version = await ok(t, 'GET', `/libraries/${lib.id}/versions/${lib.versionId}`);
    expect(version).toEqual({
      id: lib.id,
      versionId: lib.versionId,
      name: 'One Version Lib',
      description: 'x',
      code: CODE,
      importName: 'oneVersionLib',
      language: 'javascript',
      createdAt: lib.createdAt,
      updatedAt: lib.createdAt,
      createdBy: TEST_EMAIL,
      isPublished: false,
      workspaceId,
      workspace: { id: workspaceId },
    });
    const other = await ok(t, 'POST', '/libraries', { name: 'Another Lib' });
    expect((await t.call('GET', `/libraries/${lib.id}/versions/${other.versionId}`)).status).toBe(404);
    expect((await t.call('GET', `/libraries/${lib.id}/versions/nope`)).status).toBe(404);
    expect((await t.call('GET', '/libraries/nope/versions')).status).toBe(404);
    expect((await t.call('POST', '/libraries/nope', { code: '' })).status).toBe(404);
  });
});
