import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => studio?.close());

// Calls as rudder-cli (rudder-iac) and the transformation GitHub Action make them.
describe('the local server speaks the hosted clients protocol', () => {
  it('rudder-cli: /transformationLibraries, testEvents and externalId on create, versionID on publish', async () => {
    const lib = await studio.call('POST', '/transformationLibraries?publish=false', {
      name: 'cli lib', description: 'd', code: 'export const one = () => 1;', language: 'javascript', externalId: 'lib-ext',
    });
    expect(lib.status).toBe(200);
    expect((await studio.call('GET', '/libraries')).body.libraries.map((l: any) => l.id)).toEqual([lib.body.id]);
    const t = await studio.call('POST', '/transformations?publish=false', {
      name: 'cli t', code: 'import { one } from "cliLib";\nexport function transformEvent(e) { e.one = one(); return e; }', language: 'javascript',
      testEvents: [{ type: 'track', messageId: 'x-1' }], externalId: 't-ext',
    });
    expect(t.status).toBe(200);
    const published = await studio.call('POST', '/transformations/libraries/publish', {
      transformations: [{ versionID: t.body.versionId }],
      libraries: [{ versionID: lib.body.versionId }],
    });
    expect(published.status).toBe(200);
    expect(published.body).toEqual({ published: true });
    expect((await studio.call('GET', `/transformations/${t.body.id}`)).body.publishedVersionId).toBe(t.body.versionId);
  });

  it('testEvents are the version test events: a failing one stops the publish', async () => {
    const t = await studio.call('POST', '/transformations?publish=false', {
      name: 'cli bad', code: 'export function transformEvent(e) { throw new Error("nope"); }', testEvents: [{ type: 'track', messageId: 'y-1' }],
    });
    const published = await studio.call('POST', '/transformations/libraries/publish', { transformations: [{ versionID: t.body.versionId }] });
    expect(published.status).toBe(400);
    expect(published.text).toContain('nope');
  });

  it('the Action: commitId and other unknown body fields are ignored, not rejected', async () => {
    const t = await studio.call('POST', '/transformations?publish=false', { name: 'action t', code: 'export function transformEvent(e) { return e; }', unknownField: 1 });
    expect(t.status).toBe(200);
    const updated = await studio.call('POST', `/transformations/${t.body.id}?publish=false`, { description: 'x', code: 'export function transformEvent(e) { return e; }', language: 'javascript', whatever: true });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('action t');
    const published = await studio.call('POST', '/transformations/libraries/publish', {
      transformations: [{ versionId: updated.body.versionId, testInput: JSON.stringify([{ type: 'track' }]) }],
      libraries: [],
      commitId: '4f2c1e0',
    });
    expect(published.status).toBe(200);
  });
});
