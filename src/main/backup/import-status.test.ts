import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { EVENTS } from '../testing/publish-fixtures';
import { ok } from '../testing/management-support';
import { sha256 } from './backup-crypto';

// Follow-up of #37 (status-r3 "fragile points"): after an import, a version whose recorded run does
// not match the imported folder's inputs (here: a backup exported while a re-run was still due)
// must be shown as what happens next: out of date and running again, then settled by that re-run;
// never "out of date" with nothing running, nor the copied old outcome. Real studios, real HTTP.

const TAGGER = (tag: string) => `export function tag(event) { event.tag = '${tag}'; return event; }`;
const importer = `import { tag } from 'importTags';\nexport function transformEvent(event) { return tag(event); }`;
type Version = { number: number; testStatus: string; testSummary: string | null; testRerunning?: boolean };

describe('derived version statuses right after a workspace import (integration)', () => {
  let a: TestStudio;
  let b: TestStudio;
  beforeAll(async () => {
    a = await startTestStudio();
    b = await startTestStudio();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a library version whose recorded run is stale in the backup is re-run after the import, and shown running until then', async () => {
    const lib = await ok(a, 'POST', '/libraries', { name: 'Import tags', code: TAGGER('one') });
    const user = await ok(a, 'POST', '/transformations', { name: 'Tag checker', code: importer });
    await ok(a, 'PUT', `/studio/api/transformations/${user.id}/test-events`, { events: [{ event: EVENTS[0], expected: [{ ...EVENTS[0], tag: 'two' }] }] });
    const versions = async (t: TestStudio) => ((await ok(t, 'GET', `/studio/api/libraries/${lib.id}/versions`)).versions as Version[]).map((v) => [v.number, v.testStatus]);
    // v1 is re-run in the background only while it is the latest: let that re-run settle before v2
    // supersedes it (an older version is re-run when asked, so it would rightly stay out of date).
    await expect.poll(() => versions(a), { timeout: 20_000 }).toEqual([[1, 'failed']]);
    await ok(a, 'POST', `/libraries/${lib.id}`, { code: `${TAGGER('one')}\n// v2` });
    await expect.poll(() => versions(a), { timeout: 20_000 }).toEqual([[2, 'failed'], [1, 'failed']]);

    // The backup as exported while a re-run was still due: v2's record says it ran when nobody imported it.
    const file = await ok(a, 'POST', '/studio/api/backup/export', {});
    const rows = file.workspace.library_versions as { seq: number; test_status: string; test_summary: string; test_inputs: string }[];
    const v2 = rows.find((r) => r.seq === 2)!;
    Object.assign(v2, { test_status: 'not-tested', test_summary: 'no transformation imports it', test_inputs: JSON.stringify({ importers: {} }) });
    file.digest = sha256(JSON.stringify(file.workspace));

    await ok(b, 'POST', '/studio/api/backup/import', { backup: file });
    const shown = ((await ok(b, 'GET', `/studio/api/libraries/${lib.id}/versions`)).versions as Version[])[0]!;
    // What the user sees at once is what happens next: either already settled, or out of date and running.
    if (shown.testStatus === 'out-of-date') expect(shown).toMatchObject({ testRerunning: true });
    else expect(shown.testStatus).toBe('failed');
    // The re-run settles it as in the folder it came from.
    await expect.poll(() => versions(b), { timeout: 20_000 }).toEqual([[2, 'failed'], [1, 'failed']]);
  }, 60_000);
});
