import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, TEST_TOKEN, startTestStudio, type TestStudio } from '../testing/harness';

// RudderStack's transformation GitHub Action (rudderlabs/rudder-transformation-action, src/main.js
// and src/apiCalls.js as read at commit 0652f82c / 0ee8164c), its calls ported one for one: list,
// create or update with publish=false (updates without the name), test with the new version ids
// and the test input, compare `result.successTestResults[].result.output.transformedEvents` with
// the expected output, then publish with the commit id. The Action exits 1 on any throw here.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

function actionApi(server: string) {
  const auth = `Basic ${Buffer.from(`${TEST_EMAIL}:${TEST_TOKEN}`).toString('base64')}`;
  // axios: any non-2xx rejects; `res.data` is the parsed JSON.
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server}${url}`, {
      method,
      headers: { authorization: auth, 'user-agent': 'transformationAction', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = (await response.json()) as any;
    if (response.status < 200 || response.status >= 300) throw new Error(`Request failed with status code ${response.status}: ${JSON.stringify(data)}`);
    return { data };
  };
  return {
    getAllTransformations: () => call('GET', '/transformations'),
    getAllLibraries: () => call('GET', '/libraries'),
    createTransformation: (name: string, description: string, code: string, language: string) => call('POST', '/transformations?publish=false', { name, description, code, language }),
    updateTransformation: (id: string, _name: string, description: string, code: string, language: string) => call('POST', `/transformations/${id}?publish=false`, { description, code, language }),
    createLibrary: (name: string, description: string, code: string, language: string) => call('POST', '/libraries?publish=false', { name, description, code, language }),
    updateLibrary: (id: string, description: string, code: string, language: string) => call('POST', `/libraries/${id}?publish=false`, { description, code, language }),
    testTransformationAndLibrary: (transformations: unknown[], libraries: unknown[]) => call('POST', '/transformations/libraries/test', { transformations, libraries }),
    publish: (transformations: unknown[], libraries: unknown[], commitId: string) => call('POST', '/transformations/libraries/publish', { transformations, libraries, commitId }),
  };
}

interface MetaEntry {
  name: string;
  description: string;
  code: string;
  testInput?: unknown[];
  expectedOutput?: unknown[];
}

/** main.js testAndPublish, with the files of meta.json given inline. */
async function testAndPublish(api: ReturnType<typeof actionApi>, meta: { transformations: MetaEntry[]; libraries: MetaEntry[] }, commitId: string) {
  const nameToId = (list: Array<{ name: string; id: string }>) => Object.fromEntries(list.map((e) => [e.name, e.id]));
  const transformationNameToId = nameToId((await api.getAllTransformations()).data.transformations);
  const libraryNameToId = nameToId((await api.getAllLibraries()).data.libraries);
  const transformationDict: Record<string, MetaEntry & { id: string }> = {};
  for (const tr of meta.transformations) {
    const id = transformationNameToId[tr.name];
    const res = id ? await api.updateTransformation(id, tr.name, tr.description, tr.code, 'javascript') : await api.createTransformation(tr.name, tr.description, tr.code, 'javascript');
    transformationDict[res.data.versionId] = { ...tr, id: res.data.id };
  }
  const libraryDict: Record<string, MetaEntry & { id: string }> = {};
  for (const lib of meta.libraries) {
    const id = libraryNameToId[lib.name];
    const res = id ? await api.updateLibrary(id, lib.description, lib.code, 'javascript') : await api.createLibrary(lib.name, lib.description, lib.code, 'javascript');
    libraryDict[res.data.versionId] = { ...lib, id: res.data.id };
  }
  const transformationTest = Object.keys(transformationDict).map((versionId) =>
    transformationDict[versionId]!.testInput ? { versionId, testInput: transformationDict[versionId]!.testInput } : { versionId },
  );
  const librariesTest = Object.keys(libraryDict).map((versionId) => ({ versionId }));
  const result = (await api.testTransformationAndLibrary(transformationTest, librariesTest)).data.result;
  if (result.failedTestResults.length > 0) throw new Error('Failures occured while running tests against input events');
  const mismatches: string[] = [];
  for (const success of result.successTestResults) {
    if (!Object.prototype.hasOwnProperty.call(transformationDict, success.transformerVersionID)) throw new TypeError('core.warn is not a function');
    const actual = success.result.output.transformedEvents;
    const expected = transformationDict[success.transformerVersionID]!.expectedOutput;
    if (expected && !isDeepStrictEqual(expected, actual)) mismatches.push(`Test output do not match for transformation: ${transformationDict[success.transformerVersionID]!.name}`);
  }
  if (mismatches.length > 0) throw new Error(mismatches.join(', '));
  await api.publish(transformationTest, librariesTest, commitId);
  return { transformationDict, result };
}

const library = (suffix: string): MetaEntry => ({
  name: 'Action utils',
  description: 'used by the action test',
  code: `export function shout(s) { return String(s).toUpperCase() + '${suffix}'; }`,
});
const transformation = (expectedSuffix: string): MetaEntry => ({
  name: 'Action transformation',
  description: 'published by the action',
  code: "import { shout } from 'actionUtils';\nexport function transformEvent(event) { event.event = shout(event.event); return event; }",
  testInput: [{ type: 'track', event: 'signed up', messageId: 'a-1' }],
  expectedOutput: [{ type: 'track', event: `SIGNED UP${expectedSuffix}`, messageId: 'a-1' }],
});

describe('the transformation GitHub Action against the local instance', () => {
  it('creates, tests, compares and publishes (exit 0), then updates and publishes again', async () => {
    const api = actionApi(t.url);
    const first = await testAndPublish(api, { transformations: [transformation('')], libraries: [library('')] }, 'c0ffee1');
    expect(first.result.successTestResults).toHaveLength(1);
    const [versionId] = Object.keys(first.transformationDict);
    const published = (await api.getAllTransformations()).data.transformations.find((x: { name: string }) => x.name === 'Action transformation');
    expect(published.versionId).toBe(versionId);
    expect(published.publishedVersionId).toBe(versionId);

    const second = await testAndPublish(api, { transformations: [transformation('!')], libraries: [library('!')] }, 'c0ffee2');
    const [secondVersionId] = Object.keys(second.transformationDict);
    expect(secondVersionId).not.toBe(versionId);
    const listed = (await api.getAllTransformations()).data.transformations.filter((x: { name: string }) => x.name === 'Action transformation');
    expect(listed).toHaveLength(1);
    expect(listed[0].publishedVersionId).toBe(secondVersionId);
  });

  it('fails (exit 1) on an output mismatch and on a failing test, naming the transformation', async () => {
    const api = actionApi(t.url);
    await expect(testAndPublish(api, { transformations: [transformation('?')], libraries: [library('!')] }, 'c1')).rejects.toThrow(
      'Test output do not match for transformation: Action transformation',
    );
    const broken = { ...transformation(''), code: 'export function transformEvent(event) { throw new Error("boom"); }' };
    await expect(testAndPublish(api, { transformations: [broken], libraries: [] }, 'c2')).rejects.toThrow('Failures occured while running tests against input events');
    const failed = (await api.testTransformationAndLibrary([{ versionId: (await api.getAllTransformations()).data.transformations.find((x: { name: string }) => x.name === 'Action transformation').versionId, testInput: [{ type: 'track', event: 'x' }] }], [])).data.result;
    expect(failed.failedTestResults[0]).toMatchObject({ name: 'Action transformation', result: expect.stringContaining('boom') });
  });
});
