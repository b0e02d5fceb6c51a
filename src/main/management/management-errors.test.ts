import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, startTestStudio, type TestStudio } from '../testing/harness';
import { ok, setSetting } from '../testing/management-support';

describe('management API errors (integration)', () => {
  let t: TestStudio;
  let transformation: any;
  let library: any;
  beforeAll(async () => {
    t = await startTestStudio();
    transformation = await ok(t, 'POST', '/transformations', { name: 'Target', code: 'export function transformEvent(e) { return e; }' });
    library = await ok(t, 'POST', '/libraries', { name: 'Target Lib', code: 'export const x = 1;' });
  });
  afterAll(() => t.close());

  const endpoints = (): [string, string, unknown?][] => [
    ['POST', '/transformations', { name: 'x' }],
    ['GET', '/transformations'],
    ['GET', `/transformations/${transformation.id}`],
    ['POST', `/transformations/${transformation.id}`, {}],
    ['DELETE', `/transformations/${transformation.id}`],
    ['GET', `/transformations/${transformation.id}/versions`],
    ['GET', `/transformations/${transformation.id}/versions/${transformation.versionId}`],
    ['POST', '/libraries', { name: 'y' }],
    ['GET', '/libraries'],
    ['GET', `/libraries/${library.id}`],
    ['POST', `/libraries/${library.id}`, {}],
    ['GET', `/libraries/${library.id}/versions`],
    ['GET', `/libraries/${library.id}/versions/${library.versionId}`],
    ['POST', '/transformations/libraries/publish', { libraries: [{ versionId: library.versionId }] }],
    ['POST', '/transformations/libraries/test', { libraries: [{ versionId: library.versionId }] }],
    ['GET', '/studio/api/settings/management'],
    ['PUT', '/studio/api/settings/management', { maxCodeBytes: 5 }],
  ];

  it('answers 401 without credentials or with wrong ones, on every endpoint, and changes nothing', async () => {
    const wrong = `Basic ${Buffer.from(`${TEST_EMAIL}:wrong-token`).toString('base64')}`;
    const otherUser = `Basic ${Buffer.from('someone@example.com:test-token-123').toString('base64')}`;
    for (const [method, path, body] of endpoints()) {
      for (const authorization of ['', wrong, otherUser, 'Bearer test-token-123']) {
        const r = await t.call(method, path, body, { authorization });
        expect(r.status, `${method} ${path} with "${authorization}"`).toBe(401);
        expect(r.body.error).toEqual(expect.any(String));
      }
    }
    expect(await ok(t, 'GET', `/transformations/${transformation.id}`)).toEqual(transformation);
    expect((await ok(t, 'GET', '/transformations')).transformations).toHaveLength(1);
    expect((await ok(t, 'GET', '/libraries')).libraries).toHaveLength(1);
  });

  it('answers 400 for malformed JSON on every endpoint with a body', async () => {
    for (const [method, path, body] of endpoints()) {
      if (body === undefined) continue;
      const r = await t.call(method, path, '{"name": "x",', { 'content-type': 'application/json' });
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(r.body.error).toMatch(/not valid JSON/);
    }
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    for (const body of ['[]', '"name"', '42', 'null']) {
      const r = await t.call('POST', '/transformations', body, { 'content-type': 'application/json' });
      expect(r.status, body).toBe(400);
      expect(r.body.error).toEqual(expect.any(String));
    }
    const text = await t.call('POST', '/transformations', 'name=x', { 'content-type': 'text/plain' });
    expect(text.status).toBe(400);
  });

  it('answers 400 naming the field for wrong types and missing or empty names', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/transformations', {}, /"name"/],
      ['POST', '/transformations', { name: 5 }, /"name"/],
      ['POST', '/transformations', { name: '' }, /"name"/],
      ['POST', '/transformations', { name: '   ' }, /"name" must not be empty/],
      ['POST', '/transformations', { name: 'a', description: null }, /"description"/],
      ['POST', '/transformations', { name: 'a', code: 12 }, /"code"/],
      ['POST', '/transformations', { name: 'a', events: 'x' }, /"events"/],
      ['POST', '/transformations', { name: 'a', events: [{ ok: 1 }, 3] }, /"events\.1"/],
      ['POST', '/transformations', { name: 'a', events: [[]] }, /"events\.0"/],
      ['POST', '/transformations', { name: 'a', destinationIds: 'd1' }, /"destinationIds"/],
      ['POST', '/transformations', { name: 'a', destinationIds: [1] }, /"destinationIds\.0"/],
      ['POST', '/transformations', { name: 'a', publish: 'yes' }, /"publish"/],
      ['POST', '/transformations', { name: 'a', codeVersion: 1 }, /"codeVersion"/],
      ['POST', '/transformations', { name: 'a', codeVersion: '0' }, /"codeVersion" must be "1"/],
      ['POST', '/transformations', { name: 'a', language: 'pythonfaas' }, /"language" must be "javascript"/],
      ['POST', `/transformations/${transformation.id}`, { name: '' }, /"name"/],
      ['POST', `/transformations/${transformation.id}`, { name: ' ' }, /"name"/],
      ['POST', `/transformations/${transformation.id}`, { code: false }, /"code"/],
      ['POST', `/transformations/${transformation.id}`, { events: {} }, /"events"/],
      ['POST', '/libraries', {}, /"name"/],
      ['POST', '/libraries', { name: 7 }, /"name"/],
      ['POST', '/libraries', { name: '\t' }, /"name"/],
      ['POST', '/libraries', { name: 'a', code: [] }, /"code"/],
      ['POST', '/libraries', { name: 'a', importName: 3 }, /"importName"/],
      ['POST', `/libraries/${library.id}`, { description: 1 }, /"description"/],
      ['POST', `/libraries/${library.id}`, { publish: 1 }, /"publish"/],
    ];
    for (const [method, path, body, message] of cases) {
      const r = await t.call(method, path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error, `${path} ${JSON.stringify(body)}`).toMatch(message);
    }
    const query = await t.call('POST', '/transformations?publish=maybe', { name: 'a' });
    expect(query.status).toBe(400);
    expect(query.body.error).toMatch(/publish/);
    // Nothing was created by the refused calls.
    expect((await ok(t, 'GET', '/transformations')).transformations.map((x: any) => x.name)).toEqual(['Target']);
    expect((await ok(t, 'GET', `/transformations/${transformation.id}`)).versionId).toBe(transformation.versionId);
  });

  it('ignores unknown body fields of any type', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Extra fields', foo: 1, nested: { a: [1] }, workspaceId: 'ignored-ws', id: 'ignored' });
    expect(created.foo).toBeUndefined();
    expect(created.nested).toBeUndefined();
    expect(created.id).not.toBe('ignored');
    const lib = await ok(t, 'POST', '/libraries', { name: 'Extra Lib', whatever: true, workspace: { id: 'x' } });
    expect(lib.whatever).toBeUndefined();
    await ok(t, 'DELETE', `/transformations/${created.id}`);
  });

  it('refuses code over the limit (1 MB by default, configurable through the settings API) with 400 naming the field', async () => {
    const exactly = 'a'.repeat(1024 * 1024);
    const created = await ok(t, 'POST', '/transformations', { name: 'Big', code: exactly });
    expect(created.code).toHaveLength(1024 * 1024);
    const tooBig = await t.call('POST', '/transformations', { name: 'Too big', code: `${exactly}b` });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toMatch(/"code" is too large \(1048577 bytes; the limit is 1048576 bytes/);
    const libTooBig = await t.call('POST', `/libraries/${library.id}`, { code: `${exactly}b` });
    expect(libTooBig.status).toBe(400);
    expect(libTooBig.body.error).toMatch(/"code" is too large/);

    expect(await ok(t, 'GET', '/studio/api/settings/management')).toEqual({ maxCodeBytes: 1024 * 1024 });
    expect(await ok(t, 'PUT', '/studio/api/settings/management', { maxCodeBytes: 100 })).toEqual({ maxCodeBytes: 100 });
    try {
      expect((await t.call('POST', '/transformations', { name: 'Small', code: 'x'.repeat(100) })).status).toBe(200);
      // Bytes, not characters: 34 × "é" is 68 bytes, 51 × "é" is 102.
      expect((await t.call('POST', '/libraries', { name: 'Accented', code: 'é'.repeat(34) })).status).toBe(200);
      const multi = await t.call('POST', `/transformations/${created.id}`, { code: 'é'.repeat(51) });
      expect(multi.status).toBe(400);
      expect(multi.body.error).toMatch(/102 bytes; the limit is 100 bytes, setting "management\.maxCodeBytes"/);
      // A stored value of the wrong shape falls back to the default.
      setSetting(t, 'management.maxCodeBytes', 'lots');
      expect(await ok(t, 'GET', '/studio/api/settings/management')).toEqual({ maxCodeBytes: 1024 * 1024 });
    } finally {
      await ok(t, 'PUT', '/studio/api/settings/management', { maxCodeBytes: 1024 * 1024 });
    }
    for (const body of [{ maxCodeBytes: 0 }, { maxCodeBytes: '100' }, { maxCodeBytes: 1.5 }, { maxCodeBytes: 5 * 1024 * 1024 }, { other: 1 }]) {
      const r = await t.call('PUT', '/studio/api/settings/management', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(/maxCodeBytes|other/);
    }
    expect(await ok(t, 'GET', '/studio/api/settings/management')).toEqual({ maxCodeBytes: 1024 * 1024 });
    for (const x of (await ok(t, 'GET', '/transformations')).transformations) if (x.id !== transformation.id) await ok(t, 'DELETE', `/transformations/${x.id}`);
  });

  it('answers 404 naming the id for unknown transformations and libraries', async () => {
    const id = '2AbCdEfGhIjKlMnOpQrStUvWxYz';
    for (const [method, path, body] of [
      ['GET', `/transformations/${id}`],
      ['POST', `/transformations/${id}`, { code: '' }],
      ['DELETE', `/transformations/${id}`],
      ['GET', `/transformations/${id}/versions`],
      ['GET', `/transformations/${id}/versions/${transformation.versionId}`],
      ['GET', `/libraries/${id}`],
      ['POST', `/libraries/${id}`, {}],
      ['GET', `/libraries/${id}/versions`],
      ['GET', `/libraries/${id}/versions/${library.versionId}`],
    ] as [string, string, unknown?][]) {
      const r = await t.call(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error).toContain(id);
    }
  });

  it('checks the publish and test bodies before running anything', async () => {
    for (const path of ['/transformations/libraries/publish', '/transformations/libraries/test']) {
      const cases: [unknown, number, RegExp][] = [
        [{}, 400, /at least one/],
        [{ transformations: [], libraries: [] }, 400, /at least one/],
        [{ transformations: 'x' }, 400, /"transformations"/],
        [{ transformations: [{}] }, 400, /"transformations\.0\.versionId"/],
        [{ transformations: [{ versionId: 5 }] }, 400, /"transformations\.0\.versionId"/],
        [{ libraries: [{ versionId: '' }] }, 400, /"libraries\.0\.versionId"/],
        [{ libraries: [{}] }, 400, /"libraries\.0\.versionId"/],
        [{ transformations: [{ versionId: 'nope' }] }, 404, /transformation version "nope" not found/],
        [{ libraries: [{ versionId: 'nope' }] }, 404, /library version "nope" not found/],
        [{ libraries: [{ versionId: transformation.versionId }] }, 404, /library version/],
        [{ transformations: [{ versionId: library.versionId }] }, 404, /transformation version/],
        [{ transformations: [{ versionId: transformation.versionId, testInput: '[{"a":' }] }, 400, /"transformations\.0\.testInput" is not valid JSON/],
        [{ transformations: [{ versionId: transformation.versionId, testInput: '{"a":1}' }] }, 400, /"transformations\.0\.testInput" must be an array/],
        [{ transformations: [{ versionId: transformation.versionId, testInput: 7 }] }, 400, /"transformations\.0\.testInput" must be an array/],
        [{ transformations: [{ versionId: transformation.versionId, testInput: [{ a: 1 }, 'b'] }] }, 400, /"transformations\.0\.testInput\.1" must be an event object/],
        [{ transformations: [{ versionId: transformation.versionId, testInput: '[null]' }] }, 400, /"transformations\.0\.testInput\.0"/],
        [
          { libraries: [{ versionId: library.versionId }, { versionId: library.versionId }] },
          400,
          /"libraries\.1\.versionId": library "Target Lib" appears more than once/,
        ],
        [
          { transformations: [{ versionId: transformation.versionId }, { versionId: transformation.versionId }] },
          400,
          /"transformations\.1\.versionId": transformation "Target" appears more than once/,
        ],
      ];
      for (const [body, status, message] of cases) {
        const r = await t.call('POST', path, body);
        expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(status);
        expect(r.body.error, `${path} ${JSON.stringify(body)}`).toMatch(message);
      }
    }
    expect((await ok(t, 'GET', `/libraries/${library.id}`)).publishedVersionId).toBeNull();
    expect((await ok(t, 'GET', `/transformations/${transformation.id}`)).publishedVersionId).toBeNull();
  });
});
