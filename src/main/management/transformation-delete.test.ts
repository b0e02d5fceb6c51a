import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { ISO, connectDestination, insertDestination, ok, query } from '../testing/management-support';

const CODE = 'export function transformEvent(event) { return event; }';

describe('transformation delete (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  it('answers {success: true}, hides the transformation, keeps its versions, disconnects destinations', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Doomed', code: CODE });
    const v2 = await ok(t, 'POST', `/transformations/${created.id}`, { code: '// v2' });
    const keep = await ok(t, 'POST', '/transformations', { name: 'Kept', code: CODE });
    const destinationId = insertDestination(t, 'Connected');
    connectDestination(t, destinationId, created.id);
    expect((await ok(t, 'GET', `/transformations/${created.id}`)).destinations).toHaveLength(1);

    const response = await t.call('DELETE', `/transformations/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });

    const list = await ok(t, 'GET', '/transformations');
    expect(list.transformations.map((x: any) => x.id)).toEqual([keep.id]);
    for (const path of [
      `/transformations/${created.id}`,
      `/transformations/${created.id}/versions`,
      `/transformations/${created.id}/versions/${created.versionId}`,
    ]) {
      expect((await t.call('GET', path)).status, path).toBe(404);
    }
    expect((await t.call('POST', `/transformations/${created.id}`, { code: '// v3' })).status).toBe(404);
    expect((await t.call('DELETE', `/transformations/${created.id}`)).status).toBe(404);

    const versions = query<{ id: string }>(t, 'SELECT id FROM transformation_versions WHERE transformation_id = ? ORDER BY seq', created.id);
    expect(versions.map((v) => v.id)).toEqual([created.versionId, v2.versionId]);
    const [destination] = query<{ transformation_id: string | null }>(t, 'SELECT transformation_id FROM destinations WHERE id = ?', destinationId);
    expect(destination!.transformation_id).toBeNull();
    const [row] = query<{ deleted_at: string | null }>(t, 'SELECT deleted_at FROM transformations WHERE id = ?', created.id);
    expect(row!.deleted_at).toMatch(ISO);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.call('DELETE', '/transformations/3MPbzjdFWFz2OF8NgqtP0mwhyC9');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/3MPbzjdFWFz2OF8NgqtP0mwhyC9/);
  });

  it('keeps data across a restart', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Durable', code: CODE });
    t = await t.restart();
    expect(await ok(t, 'GET', `/transformations/${created.id}`)).toEqual(created);
  });
});
