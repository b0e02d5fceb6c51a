import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../store';
import { createLibrariesService } from './libraries-service';
import { createLibraryStatus, type LibraryStatus } from './library-status';
import type { PlanOutcome, PublishService, TestPlan } from './publish-service';
import { createTransformationsService } from './transformations-service';
import { createVersionStatus, type VersionStatus } from './version-status';

// A library version queued for a background re-run and superseded before its turn is dropped
// (an older version runs again when asked): it stops showing "running again…", and an open page,
// which reloads a library's versions each time its listeners hear the library, must hear that too.
// The runs are a fake publisher's, held at will: the order is fixed, not timed.

const EVENT = { type: 'track', event: 'E', messageId: 'm-1' };
const importer = (name: string) => `import { x } from '${name}';\nexport function transformEvent(e) { return e; }`;

describe('a queued library re-run dropped because a newer version was saved', () => {
  let dir: string;
  let store: Store;
  let versionStatus: VersionStatus;
  let libraryStatus: LibraryStatus;
  let held: string | undefined;
  let release: () => void = () => {};

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'library-rerun-dropped-'));
    store = createStore(join(dir, 'studio.db'));
  });
  afterEach(async () => {
    release();
    await libraryStatus?.close();
    await versionStatus?.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every run passes; a run of the library named `held` waits for release(). */
  const publisher = {
    planVersion: (v: { id: string; transformationId: string; name: string }) => ({ transformationId: v.transformationId, versionId: v.id, name: v.name }),
    async run(plan: TestPlan): Promise<PlanOutcome> {
      if (held && plan.libraries[0]?.name === held) await new Promise<void>((resolve) => (release = resolve));
      const transformations = plan.transformations.map((t) => ({ id: t.transformationId, name: t.name, versionId: t.versionId, passed: true, cases: [] }));
      return { passed: true, results: [], libraries: plan.libraries.map(() => ({ passed: true })), transformations } as unknown as PlanOutcome;
    },
  } as unknown as PublishService;

  it('its library is heard once it is dropped: a page reloading on each tell no longer shows it running', async () => {
    const account = { email: 'test@example.com', workspaceId: 'ws-1' };
    versionStatus = createVersionStatus(store, publisher, undefined, { background: false });
    libraryStatus = createLibraryStatus(store, publisher, versionStatus);
    const transformations = createTransformationsService({ store, account }, publisher, versionStatus);
    const libraries = createLibrariesService({ store, account }, publisher, libraryStatus);
    const slow = await libraries.create({ name: 'Slow lib', code: 'export const x = 1;' }, false);
    const quick = await libraries.create({ name: 'Quick lib', code: 'export const x = 1;' }, false);
    const quickV1 = quick.versionId;
    const rerunning = (libraryId: string, versionId: string) => libraryStatus.derive(libraryId, store.libraries.version(versionId)!).testRerunning;

    // "Slow lib" v1 gets an importer with a saved test: its re-run starts, and is held.
    held = 'Slow lib';
    const usesSlow = await transformations.create({ name: 'Uses slow', code: importer('slowLib') }, false, { test: false });
    store.testEvents.replace(usesSlow.id, [{ event: EVENT }], new Date().toISOString());
    await expect.poll(() => rerunning(slow.id, slow.versionId)).toBe(true);
    // "Quick lib" v1 gets one too: its re-run is queued behind the held one.
    const usesQuick = await transformations.create({ name: 'Uses quick', code: importer('quickLib') }, false, { test: false });
    store.testEvents.replace(usesQuick.id, [{ event: EVENT }], new Date().toISOString());
    await expect.poll(() => rerunning(quick.id, quickV1)).toBe(true);

    // An open page on "Quick lib": it reloads v1's status each time the library is heard.
    let shown: boolean | undefined = true;
    libraryStatus.onChange((id) => {
      if (id === quick.id) shown = rerunning(quick.id, quickV1);
    });
    // v2 is saved (and tested) while v1 is still queued: v1 is no longer kept current.
    await libraries.update(quick.id, { code: 'export const x = 2;' }, false);
    expect(rerunning(quick.id, quickV1)).toBe(true);

    release();
    await expect.poll(() => libraryStatus.idle()).toBe(true);
    // Dropped, not run: out of date, not running; and the page was told so.
    expect(libraryStatus.derive(quick.id, store.libraries.version(quickV1)!)).toMatchObject({ testStatus: 'out-of-date', testRerunning: false });
    expect(shown).toBe(false);
  });
});
