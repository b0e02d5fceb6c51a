import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { MEMORY_FORMS, peakDuring, TIME_LIMIT_MS } from '../testing/memory-peak';
import { ok } from '../testing/management-support';

// Publish tests under the memory budget (issue #39): a transformation's saved test feeds it an
// event on which it keeps 8 break iterators over a 30 MB text (about 480 MB that ICU holds outside
// V8's heap, which the isolate's limit does not see). The publish runs that saved test, the
// sandbox process goes past its budget (memory-watch.ts, about 360 MB here) and is killed: the
// publish is refused with the memory limit's words, nothing is published, and the process stays
// under its budget (peak read from /proc by the test, 120 MB allowed for the growth between two
// reads). With the watch off (watchMemory answering NONE) the publish succeeds.

const PEAK_MB = 480;
const MESSAGE = 'Memory limit exceeded: the transformation used more than 128 MB';
const iterators = MEMORY_FORMS.find((form) => form.name.includes('v8BreakIterator'))!;

describe.skipIf(process.platform !== 'linux')('publish tests past the memory budget', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
    await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: TIME_LIMIT_MS, memoryLimitMb: 128 });
  });
  afterAll(() => t.close());

  it('a publish whose saved test allocates outside the heap is refused with the memory limit', async () => {
    const code = `export function transformEvent(e) {\n  if (e.properties?.attack) { ${iterators.body} }\n  return e;\n}`;
    const created = await ok(t, 'POST', '/transformations', { name: 'Iterators', code });
    await ok(t, 'PUT', `/studio/api/transformations/${created.id}/test-events`, { events: [{ event: { type: 'track', event: 'Attack', messageId: 'saved-1', properties: { attack: true } } }] });
    const pids = () => t.studio.sandboxProcesses().map((p) => p.pid);
    const { result: response, peakMb } = await peakDuring(pids, () => t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: created.versionId, testInput: [] }] }));
    expect(response.status).toBe(400);
    expect(response.body.published).toBe(false);
    expect(response.body.error).toContain(MESSAGE);
    expect((await ok(t, 'GET', `/transformations/${created.id}`)).publishedVersionId).toBeNull();
    expect(peakMb).toBeLessThan(PEAK_MB);
  }, 120_000);
});
