import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, startTestStudio, type TestStudio } from '../testing/harness';
import { ISO, KSUID, connectDestination, insertDestination, ok, query } from '../testing/management-support';

const CODE = 'export function transformEvent(event) { return event; }';

describe('transformations API (integration)', () => {
  let t: TestStudio;
  let workspaceId: string;
  beforeAll(async () => {
    t = await startTestStudio();
    workspaceId = (await ok(t, 'GET', '/studio/api/info')).workspaceId;
  });
  afterAll(() => t.close());

  it('creates a transformation with 200 and every field of the seed', async () => {
    const response = await t.call('POST', '/transformations', { name: 'Create me', description: 'first', code: CODE, events: [{ type: 'track' }] });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toEqual({
      id: expect.stringMatching(KSUID),
      versionId: expect.stringMatching(KSUID),
      name: 'Create me',
      description: 'first',
      code: CODE,
      codeVersion: '1',
      language: 'javascript',
      createdAt: expect.stringMatching(ISO),
      updatedAt: body.createdAt,
      workspaceId,
      destinations: [],
      publishedVersionId: null,
    });
    expect(body.versionId).not.toBe(body.id);
  });

  it('defaults description and code to empty strings', async () => {
    const body = await ok(t, 'POST', '/transformations', { name: 'Bare' });
    expect(body).toMatchObject({ name: 'Bare', description: '', code: '', codeVersion: '1' });
  });

  it('lists transformations under "transformations" and gets one by id', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Listed', code: CODE });
    const list = await ok(t, 'GET', '/transformations');
    expect(Object.keys(list)).toEqual(['transformations']);
    expect(list.transformations).toContainEqual(created);
    const got = await ok(t, 'GET', `/transformations/${created.id}`);
    expect(got).toEqual(created);
  });

  it('updates with POST: a new versionId each time, omitted fields kept, createdAt kept', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Updatable', description: 'd1', code: CODE });
    await new Promise((r) => setTimeout(r, 5));
    const updated = await ok(t, 'POST', `/transformations/${created.id}`, { code: 'export function transformEvent(e) { return null; }' });
    expect(updated.id).toBe(created.id);
    expect(updated.versionId).toMatch(KSUID);
    expect(updated.versionId).not.toBe(created.versionId);
    expect(updated).toMatchObject({ name: 'Updatable', description: 'd1', createdAt: created.createdAt, codeVersion: '1' });
    expect(updated.code).toContain('return null');
    expect(updated.updatedAt > created.updatedAt).toBe(true);

    const renamed = await ok(t, 'POST', `/transformations/${created.id}`, { name: 'Renamed', description: '' });
    expect(renamed).toMatchObject({ name: 'Renamed', description: '', code: updated.code });
    const same = await ok(t, 'POST', `/transformations/${created.id}`, {});
    expect(same.versionId).not.toBe(renamed.versionId);
    expect(await ok(t, 'GET', `/transformations/${created.id}`)).toEqual(same);
  });

  it('keeps every version: versions are immutable and retrievable', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Immutable', code: 'export function transformEvent(e) { return e; } // v1' });
    const v2 = await ok(t, 'POST', `/transformations/${created.id}`, { code: 'export function transformEvent(e) { return e; } // v2', name: 'Immutable 2' });
    const first = await ok(t, 'GET', `/transformations/${created.id}/versions/${created.versionId}`);
    expect(first).toEqual({
      id: created.id,
      versionId: created.versionId,
      name: 'Immutable',
      description: '',
      code: created.code,
      codeVersion: '1',
      language: 'javascript',
      createdAt: created.createdAt,
      updatedAt: created.createdAt,
      createdBy: TEST_EMAIL,
      isPublished: false,
      workspaceId,
      destinations: [],
    });
    const second = await ok(t, 'GET', `/transformations/${created.id}/versions/${v2.versionId}`);
    expect(second).toMatchObject({ versionId: v2.versionId, name: 'Immutable 2', code: v2.code, createdAt: v2.updatedAt, createdBy: TEST_EMAIL });
  });

  it('records the account e-mail as createdBy of every version (create, update, publish-on-save)', async () => {
    const { email } = await ok(t, 'GET', '/studio/api/info');
    expect(email).toBe(TEST_EMAIL);
    const created = await ok(t, 'POST', '/transformations', { name: 'Authored', code: CODE });
    const updated = await ok(t, 'POST', `/transformations/${created.id}`, { code: `${CODE} // 2` });
    const published = await ok(t, 'POST', `/transformations/${created.id}?publish=true`, { code: `${CODE} // 3` });
    expect(published.publishedVersionId).toBe(published.versionId);
    const versionIds = [created.versionId, updated.versionId, published.versionId];
    const listed = (await ok(t, 'GET', `/transformations/${created.id}/versions`)).TransformationVersions;
    expect(listed.map((v: any) => [v.versionId, v.createdBy])).toEqual(versionIds.map((id) => [id, email]));
    for (const id of versionIds) expect((await ok(t, 'GET', `/transformations/${created.id}/versions/${id}`)).createdBy).toBe(email);
    const rows = query<{ id: string; created_by: string | null }>(t, 'SELECT id, created_by FROM transformation_versions WHERE transformation_id = ? ORDER BY seq', created.id);
    expect(rows).toEqual(versionIds.map((id) => ({ id, created_by: email })));
  });

  it('stores the test events of each version', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'With events', events: [{ type: 'track', event: 'A' }] });
    const [row] = query<{ test_events: string }>(t, 'SELECT test_events FROM transformation_versions WHERE id = ?', created.versionId);
    expect(JSON.parse(row!.test_events)).toEqual([{ type: 'track', event: 'A' }]);
    const updated = await ok(t, 'POST', `/transformations/${created.id}`, { code: CODE });
    const [kept] = query<{ test_events: string }>(t, 'SELECT test_events FROM transformation_versions WHERE id = ?', updated.versionId);
    expect(JSON.parse(kept!.test_events)).toEqual([{ type: 'track', event: 'A' }]);
  });

  it('ignores destinationIds without publish (nothing connected, unknown ids not an error)', async () => {
    const destinationId = insertDestination(t, 'Not connected');
    const created = await ok(t, 'POST', '/transformations', { name: 'No publish', code: CODE, destinationIds: [destinationId, 'unknown-id'] });
    expect(created.destinations).toEqual([]);
    const updated = await ok(t, 'POST', `/transformations/${created.id}`, { destinationIds: [destinationId] });
    expect(updated.destinations).toEqual([]);
  });

  it('shows connected destinations with id, name and enabled', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Has destinations', code: CODE });
    const a = insertDestination(t, 'Dest A');
    const b = insertDestination(t, 'Dest B', { enabled: false });
    connectDestination(t, a, created.id);
    connectDestination(t, b, created.id);
    const got = await ok(t, 'GET', `/transformations/${created.id}`);
    // Same createdAt: the order among them is by id, so compare as sets.
    expect(got.destinations).toHaveLength(2);
    expect(got.destinations).toEqual(
      expect.arrayContaining([
        { id: a, name: 'Dest A', enabled: true },
        { id: b, name: 'Dest B', enabled: false },
      ]),
    );
    const version = await ok(t, 'GET', `/transformations/${created.id}/versions/${created.versionId}`);
    expect(version.destinations).toEqual(got.destinations);
  });
});

describe('transformation versions list (integration)', () => {
  let t: TestStudio;
  let id: string;
  const versionIds: string[] = [];
  beforeAll(async () => {
    t = await startTestStudio();
    const created = await ok(t, 'POST', '/transformations', { name: 'Many versions', code: '// 1' });
    id = created.id;
    versionIds.push(created.versionId);
    // Made back to back: several share a millisecond, so creation order must break ties.
    for (let i = 2; i <= 8; i++) versionIds.push((await ok(t, 'POST', `/transformations/${id}`, { code: `// ${i}` })).versionId);
  });
  afterAll(() => t.close());

  it('answers {TransformationVersions: [...]} with 5 versions by default, oldest first', async () => {
    const body = await ok(t, 'GET', `/transformations/${id}/versions`);
    expect(Object.keys(body)).toEqual(['TransformationVersions']);
    expect(body.TransformationVersions.map((v: any) => v.versionId)).toEqual(versionIds.slice(0, 5));
    expect(body.TransformationVersions.map((v: any) => v.code)).toEqual(['// 1', '// 2', '// 3', '// 4', '// 5']);
    const createdAts = body.TransformationVersions.map((v: any) => v.createdAt);
    expect([...createdAts].sort()).toEqual(createdAts);
  });

  it('omits workspaceId and destinations in listings and carries the version fields', async () => {
    const [first] = (await ok(t, 'GET', `/transformations/${id}/versions?count=1`)).TransformationVersions;
    expect(first).toEqual({
      id,
      versionId: versionIds[0],
      name: 'Many versions',
      description: '',
      code: '// 1',
      codeVersion: '1',
      language: 'javascript',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      createdBy: TEST_EMAIL,
      isPublished: false,
    });
  });

  it('honours count and orderBy (ASC, DESC, lower case too)', async () => {
    const ids = async (q: string) => (await ok(t, 'GET', `/transformations/${id}/versions${q}`)).TransformationVersions.map((v: any) => v.versionId);
    expect(await ids('?count=3')).toEqual(versionIds.slice(0, 3));
    expect(await ids('?count=100')).toEqual(versionIds);
    expect(await ids('?orderBy=ASC&count=8')).toEqual(versionIds);
    expect(await ids('?orderBy=DESC')).toEqual([...versionIds].reverse().slice(0, 5));
    expect(await ids('?orderBy=desc&count=2')).toEqual([versionIds[7], versionIds[6]]);
    expect(await ids('?count=1&orderBy=DESC')).toEqual([versionIds[7]]);
  });

  it('refuses a bad count or orderBy with 400 naming the parameter', async () => {
    for (const q of ['?count=0', '?count=abc', '?count=-2', '?count=1.5']) {
      const r = await t.call('GET', `/transformations/${id}/versions${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toMatch(/count/);
    }
    const r = await t.call('GET', `/transformations/${id}/versions?orderBy=newest`);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/orderBy/);
  });

  it('answers 404 for versions of an unknown transformation and unknown or foreign version ids', async () => {
    expect((await t.call('GET', '/transformations/nope/versions')).status).toBe(404);
    expect((await t.call('GET', `/transformations/${id}/versions/nope`)).status).toBe(404);
    const other = await ok(t, 'POST', '/transformations', { name: 'Other' });
    const foreign = await t.call('GET', `/transformations/${id}/versions/${other.versionId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatch(other.versionId);
  });
});
