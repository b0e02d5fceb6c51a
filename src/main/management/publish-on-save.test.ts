import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, startTestStudio, type TestStudio } from '../testing/harness';
import { EVENTS, FAULTY, IDENTITY, snapshot } from '../testing/publish-fixtures';
import { insertDestination, ok, query } from '../testing/management-support';

describe('create and update with publish=true (integration, real sandbox)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  it('creates a published transformation and connects destinationIds (publish in the query)', async () => {
    const a = insertDestination(t, 'Warehouse');
    const b = insertDestination(t, 'Webhook', { enabled: false });
    const response = await t.call('POST', '/transformations?publish=true', { name: 'Live', code: IDENTITY, events: EVENTS, destinationIds: [a, b, a] });
    expect(response.status).toBe(200);
    const created = response.body;
    expect(created.publishedVersionId).toBe(created.versionId);
    expect(created.destinations).toHaveLength(2);
    expect(created.destinations).toEqual(
      expect.arrayContaining([
        { id: a, name: 'Warehouse', enabled: true },
        { id: b, name: 'Webhook', enabled: false },
      ]),
    );
    expect((await ok(t, 'GET', `/transformations/${created.id}/versions`)).TransformationVersions[0]).toMatchObject({ isPublished: true, createdBy: TEST_EMAIL });
  });

  it('accepts publish in the body too', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Body publish', code: IDENTITY, publish: true });
    expect(created.publishedVersionId).toBe(created.versionId);
    const notPublished = await ok(t, 'POST', '/transformations?publish=false', { name: 'Query wins', code: IDENTITY, publish: true });
    expect(notPublished.publishedVersionId).toBeNull();
  });

  it('refuses unknown destinationIds with publish, naming them, and creates nothing', async () => {
    const known = insertDestination(t, 'Known');
    const before = (await ok(t, 'GET', '/transformations')).transformations;
    const response = await t.call('POST', '/transformations?publish=true', { name: 'Bad destinations', code: IDENTITY, destinationIds: [known, 'ghost-1', 'ghost-2'] });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/"destinationIds".*ghost-1, ghost-2/);
    expect(response.body.error).not.toContain(known);
    expect((await ok(t, 'GET', '/transformations')).transformations).toEqual(before);
    const [row] = query<{ transformation_id: string | null }>(t, 'SELECT transformation_id FROM destinations WHERE id = ?', known);
    expect(row!.transformation_id).toBeNull();
  });

  it('creates nothing when the events fail the tests', async () => {
    const before = await snapshot(t);
    const response = await t.call('POST', '/transformations?publish=true', { name: 'Fails on create', code: FAULTY, events: EVENTS });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ published: false, error: expect.stringContaining('"Fails on create"') });
    expect(response.body.results[0].errors).toHaveLength(1);
    expect(await snapshot(t)).toEqual(before);
  });

  it('updates with publish: the new version goes live, the old one stays as a revision; a failing update adds nothing', async () => {
    const created = await ok(t, 'POST', '/transformations?publish=true', { name: 'Evolving', code: IDENTITY, events: EVENTS });
    const destination = insertDestination(t, 'Evolving destination');
    const updated = await ok(t, 'POST', `/transformations/${created.id}?publish=true`, { code: `${IDENTITY} // v2`, destinationIds: [destination] });
    expect(updated.publishedVersionId).toBe(updated.versionId);
    expect(updated.destinations.map((d: any) => d.id)).toEqual([destination]);
    const revision = await ok(t, 'POST', `/transformations/${created.id}`, { code: `${IDENTITY} // v3` });
    expect(revision.publishedVersionId).toBe(updated.versionId);
    const versions = (await ok(t, 'GET', `/transformations/${created.id}/versions`)).TransformationVersions;
    expect(versions.map((v: any) => v.isPublished)).toEqual([false, true, false]);

    const before = await snapshot(t);
    const failing = await t.call('POST', `/transformations/${created.id}?publish=true`, { code: FAULTY });
    expect(failing.status).toBe(400);
    expect(failing.body.published).toBe(false);
    expect(await snapshot(t)).toEqual(before);
  });

  it('connected destinations stay when a later publish names none, and delete disconnects them', async () => {
    const destination = insertDestination(t, 'Sticky');
    const created = await ok(t, 'POST', '/transformations?publish=true', { name: 'Sticky', code: IDENTITY, destinationIds: [destination] });
    const updated = await ok(t, 'POST', `/transformations/${created.id}?publish=true`, { description: 'again' });
    expect(updated.destinations.map((d: any) => d.id)).toEqual([destination]);
    await ok(t, 'DELETE', `/transformations/${created.id}`);
    const [row] = query<{ transformation_id: string | null }>(t, 'SELECT transformation_id FROM destinations WHERE id = ?', destination);
    expect(row!.transformation_id).toBeNull();
    expect((await t.call('GET', `/transformations/${created.id}`)).status).toBe(404);
  });

  it('creates and updates libraries with publish=true only when they compile and evaluate', async () => {
    const lib = await ok(t, 'POST', '/libraries?publish=true', { name: 'Published Lib', code: 'export const v = 1;' });
    expect(lib.publishedVersionId).toBe(lib.versionId);
    expect((await ok(t, 'GET', `/libraries/${lib.id}/versions`)).libraryVersions[0]).toMatchObject({ isPublished: true, createdBy: TEST_EMAIL });
    const v2 = await ok(t, 'POST', `/libraries/${lib.id}`, { code: 'export const v = 2;', publish: true });
    expect(v2.publishedVersionId).toBe(v2.versionId);
    expect((await ok(t, 'GET', `/libraries/${lib.id}/versions`)).libraryVersions.map((v: any) => v.isPublished)).toEqual([false, true]);

    const before = await snapshot(t);
    const broken = await t.call('POST', '/libraries?publish=true', { name: 'Broken Lib', code: 'export const = ;' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ published: false, error: expect.stringContaining('library "Broken Lib"') });
    const brokenUpdate = await t.call('POST', `/libraries/${lib.id}?publish=true`, { code: "throw new Error('nope');" });
    expect(brokenUpdate.status).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });
});
