import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { EVENTS, EVENT_UTILS_V1, EVENT_UTILS_V2, FAULTY, IDENTITY, MASK_PII, snapshot } from '../testing/publish-fixtures';
import { ok, query } from '../testing/management-support';

describe('publish (integration, real sandbox)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  it('publishes a transformation version after its test input passes (testInput as a string)', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Identity', code: IDENTITY });
    const response = await t.call('POST', '/transformations/libraries/publish', {
      transformations: [{ versionId: created.versionId, testInput: JSON.stringify(EVENTS) }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ published: true });
    const got = await ok(t, 'GET', `/transformations/${created.id}`);
    expect(got.publishedVersionId).toBe(created.versionId);
    expect(got.versionId).toBe(created.versionId);
    const [version] = (await ok(t, 'GET', `/transformations/${created.id}/versions`)).TransformationVersions;
    expect(version.isPublished).toBe(true);
  });

  it('accepts testInput as an array, and no testInput (the version\'s stored events)', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Array input', code: FAULTY, events: [EVENTS[1]] });
    expect(await ok(t, 'POST', '/transformations/libraries/publish', { transformations: [{ versionId: created.versionId, testInput: [EVENTS[1]] }] })).toEqual({
      published: true,
    });
    const v2 = await ok(t, 'POST', `/transformations/${created.id}`, { name: 'Array input 2' });
    // Stored events of v2 (carried over from v1) have properties: passes.
    expect(await ok(t, 'POST', '/transformations/libraries/publish', { transformations: [{ versionId: v2.versionId }] })).toEqual({ published: true });
  });

  it('keeps at most one published version: publishing a newer one makes the older a revision', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Two publishes', code: IDENTITY });
    const v2 = await ok(t, 'POST', `/transformations/${created.id}`, { code: `${IDENTITY} // v2` });
    await ok(t, 'POST', '/transformations/libraries/publish', { transformations: [{ versionId: created.versionId, testInput: '[]' }] });
    await ok(t, 'POST', '/transformations/libraries/publish', { transformations: [{ versionId: v2.versionId, testInput: [] }] });
    const versions = (await ok(t, 'GET', `/transformations/${created.id}/versions`)).TransformationVersions;
    expect(versions.map((v: any) => [v.versionId, v.isPublished])).toEqual([
      [created.versionId, false],
      [v2.versionId, true],
    ]);
    // A revision can be published again.
    await ok(t, 'POST', '/transformations/libraries/publish', { transformations: [{ versionId: created.versionId, testInput: [] }] });
    expect((await ok(t, 'GET', `/transformations/${created.id}`)).publishedVersionId).toBe(created.versionId);
    const rows = query(t, 'SELECT id FROM transformation_versions WHERE transformation_id = ? AND published_at IS NOT NULL', created.id);
    expect(rows).toEqual([{ id: created.versionId }]);
  });

  it('publishes a library together with a transformation that imports it, pinning the tested version', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Event Utils', code: EVENT_UTILS_V1 });
    const libV2 = await ok(t, 'POST', `/libraries/${lib.id}`, { code: EVENT_UTILS_V2 });
    await ok(t, 'POST', '/libraries', { name: 'Unused Lib', code: 'export const unused = 1;' });
    const tr = await ok(t, 'POST', '/transformations', { name: 'Mask PII', code: MASK_PII });

    const tested = await ok(t, 'POST', '/transformations/libraries/test', {
      transformations: [{ versionId: tr.versionId, testInput: EVENTS }],
      libraries: [{ versionId: lib.versionId }],
    });
    expect(tested.passed).toBe(true);
    const run = tested.results.find((r: any) => r.type === 'transformation');
    expect(run.output[0].traits.email).toBe('a***@example.com');
    expect(run.output[0].context).toMatchObject({ flavour: 'v1', transformedBy: tr.id });
    expect(run.libraries).toEqual([{ id: lib.id, versionId: lib.versionId, importName: 'eventUtils' }]);

    expect(
      await ok(t, 'POST', '/transformations/libraries/publish', {
        transformations: [{ versionId: tr.versionId, testInput: JSON.stringify(EVENTS) }],
        libraries: [{ versionId: lib.versionId }],
      }),
    ).toEqual({ published: true });

    expect((await ok(t, 'GET', `/libraries/${lib.id}`)).publishedVersionId).toBe(lib.versionId);
    const libVersions = (await ok(t, 'GET', `/libraries/${lib.id}/versions`)).libraryVersions;
    expect(libVersions.map((v: any) => [v.versionId, v.isPublished])).toEqual([
      [lib.versionId, true],
      [libV2.versionId, false],
    ]);
    expect((await ok(t, 'GET', `/libraries/${lib.id}/versions/${lib.versionId}`)).isPublished).toBe(true);
    expect((await ok(t, 'GET', `/transformations/${tr.id}`)).publishedVersionId).toBe(tr.versionId);
    // Only the imported library is pinned.
    const pins = query<{ library_version_id: string }>(
      t,
      'SELECT library_version_id FROM transformation_version_libraries WHERE transformation_version_id = ?',
      tr.versionId,
    );
    expect(pins.map((p) => p.library_version_id)).toEqual([lib.versionId]);
  });

  it('runs transformations with the call\'s library version, else the published one, else the latest', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Flavour Lib', code: "export const flavour = 'published';" });
    await ok(t, 'POST', '/transformations/libraries/publish', { libraries: [{ versionId: lib.versionId }] });
    const latest = await ok(t, 'POST', `/libraries/${lib.id}`, { code: "export const flavour = 'latest';" });
    const fresh = await ok(t, 'POST', '/libraries', { name: 'Fresh Lib', code: "export const tag = 'fresh-latest';" });
    await ok(t, 'POST', `/libraries/${fresh.id}`, { code: "export const tag = 'fresh-newest';" });
    const tr = await ok(t, 'POST', '/transformations', {
      name: 'Flavoured',
      code: `import { flavour } from 'flavourLib';
import { tag } from 'freshLib';
export function transformEvent(event) { return { ...event, flavour, tag }; }`,
    });
    const runWith = async (libraries: { versionId: string }[]) => {
      const body = await ok(t, 'POST', '/transformations/libraries/test', { transformations: [{ versionId: tr.versionId, testInput: [{ type: 'track' }] }], libraries });
      expect(body.passed).toBe(true);
      return body.results.find((r: any) => r.type === 'transformation').output[0];
    };
    expect(await runWith([])).toMatchObject({ flavour: 'published', tag: 'fresh-newest' });
    expect(await runWith([{ versionId: latest.versionId }])).toMatchObject({ flavour: 'latest', tag: 'fresh-newest' });
    expect(await runWith([{ versionId: fresh.versionId }])).toMatchObject({ flavour: 'published', tag: 'fresh-latest' });
    // The test endpoint published nothing.
    expect((await ok(t, 'GET', `/libraries/${lib.id}`)).publishedVersionId).toBe(lib.versionId);
    expect((await ok(t, 'GET', `/libraries/${fresh.id}`)).publishedVersionId).toBeNull();
    expect((await ok(t, 'GET', `/transformations/${tr.id}`)).publishedVersionId).toBeNull();
  });

  it('changes nothing when one version fails: 400 {published: false, error, results} naming the version', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Innocent Lib', code: 'export const ok = true;' });
    const good = await ok(t, 'POST', '/transformations', { name: 'Good one', code: IDENTITY });
    const faulty = await ok(t, 'POST', '/transformations', { name: 'Faulty', code: FAULTY });
    const before = await snapshot(t);

    const response = await t.call('POST', '/transformations/libraries/publish', {
      transformations: [
        { versionId: good.versionId, testInput: EVENTS },
        { versionId: faulty.versionId, testInput: JSON.stringify(EVENTS) },
      ],
      libraries: [{ versionId: lib.versionId }],
    });
    expect(response.status).toBe(400);
    expect(response.body.published).toBe(false);
    expect(response.body.error).toContain(`transformation "Faulty" (version ${faulty.versionId}) failed: 1 of 2 events failed: Error: no properties on m1`);
    expect(response.body.error).not.toContain('Good one');
    const results = response.body.results;
    expect(results.map((r: any) => [r.type, r.versionId, r.passed])).toEqual([
      ['library', lib.versionId, true],
      ['transformation', good.versionId, true],
      ['transformation', faulty.versionId, false],
    ]);
    const failed = results[2];
    expect(failed.errors).toEqual([{ messageId: 'm1', error: expect.stringContaining('Error: no properties on m1') }]);
    expect(failed.output).toEqual([{ ...EVENTS[1], properties: { total: 3, checked: true } }]);

    expect(await snapshot(t)).toEqual(before);
  });

  it('changes nothing on a fatal sandbox error (syntax error, missing export) or a failing library', async () => {
    const broken = await ok(t, 'POST', '/transformations', { name: 'Broken', code: 'export function transformEvent(event) { return event' });
    const noExport = await ok(t, 'POST', '/transformations', { name: 'No export', code: 'export function other() {}' });
    const badLib = await ok(t, 'POST', '/libraries', { name: 'Bad Lib', code: "throw new Error('library blew up');" });
    const good = await ok(t, 'POST', '/transformations', { name: 'Fine', code: IDENTITY });
    const before = await snapshot(t);

    const syntax = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: broken.versionId, testInput: EVENTS }] });
    expect(syntax.status).toBe(400);
    expect(syntax.body).toMatchObject({ published: false, error: expect.stringContaining(`transformation "Broken" (version ${broken.versionId}) failed`) });
    expect(syntax.body.results[0]).toMatchObject({ passed: false, error: expect.any(String), output: [], errors: [] });

    const missing = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: noExport.versionId, testInput: EVENTS }] });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/Expected one of transformEvent,transformBatch/);

    const library = await t.call('POST', '/transformations/libraries/publish', {
      transformations: [{ versionId: good.versionId, testInput: EVENTS }],
      libraries: [{ versionId: badLib.versionId }],
    });
    expect(library.status).toBe(400);
    expect(library.body.error).toMatch(new RegExp(`library "Bad Lib" \\(version ${badLib.versionId}\\) failed: .*library blew up`));
    expect(library.body.results.map((r: any) => r.passed)).toEqual([false, true]);

    const unknownImport = await ok(t, 'POST', '/transformations', { name: 'Imports nothing real', code: `import { x } from 'noSuchLib';\n${IDENTITY}` });
    const notFound = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: unknownImport.versionId, testInput: EVENTS }] });
    expect(notFound.status).toBe(400);
    expect(notFound.body.error).toMatch(/noSuchLib/);

    const after = await snapshot(t);
    // The only difference is the transformation created in between.
    after.transformations = after.transformations.filter((x: any) => x.id !== unknownImport.id);
    delete after.detail[`t:${unknownImport.id}`];
    delete after.detail[`tv:${unknownImport.id}`];
    after.published = after.published.filter((row: any) => row.id !== unknownImport.versionId);
    expect(after).toEqual(before);
  });

  it('answers the test endpoint with per-version results (outputs, errors, logs) and publishes nothing', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Logging Utils', code: EVENT_UTILS_V1 });
    const masker = await ok(t, 'POST', '/transformations', {
      name: 'Masker',
      code: MASK_PII.replace("'eventUtils'", "'loggingUtils'"),
    });
    const faulty = await ok(t, 'POST', '/transformations', { name: 'Faulty test', code: FAULTY });
    const before = await snapshot(t);
    const response = await t.call('POST', '/transformations/libraries/test', {
      transformations: [
        { versionId: masker.versionId, testInput: JSON.stringify(EVENTS) },
        { versionId: faulty.versionId, testInput: EVENTS },
      ],
      libraries: [{ versionId: lib.versionId }],
    });
    expect(response.status).toBe(200);
    expect(response.body.passed).toBe(false);
    const [library, masked, failed] = response.body.results;
    expect(library).toEqual({ type: 'library', id: lib.id, versionId: lib.versionId, name: 'Logging Utils', importName: 'loggingUtils', passed: true });
    expect(masked).toMatchObject({ type: 'transformation', id: masker.id, versionId: masker.versionId, name: 'Masker', passed: true, eventCount: 2, errors: [] });
    expect(masked.output).toHaveLength(2);
    expect(masked.logs).toEqual(['Log: masked m1', 'Log: masked m2']);
    expect(failed).toMatchObject({ passed: false, eventCount: 2, error: expect.stringMatching(/^1 of 2 events failed: Error: no properties on m1/) });
    expect(failed.errors).toHaveLength(1);
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 404 for a version of a deleted transformation', async () => {
    const doomed = await ok(t, 'POST', '/transformations', { name: 'Deleted before publish', code: IDENTITY });
    await ok(t, 'DELETE', `/transformations/${doomed.id}`);
    const response = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: doomed.versionId, testInput: [] }] });
    expect(response.status).toBe(404);
    expect(response.body.error).toContain(doomed.versionId);
  });
});
