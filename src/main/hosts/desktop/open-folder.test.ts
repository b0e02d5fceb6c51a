// File › Open Folder… against a real core (the harness's studio, real files): the menu's handler
// opens the picked folder linked, tells the window, and shows the core's reasons when it refuses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, TEST_EMAIL, type TestStudio } from '../../testing/harness';
import { openFolderFromMenu, type OpenFolderDeps } from './open-folder';

let s: TestStudio;
let repo: string;
let empty: string;
beforeAll(async () => {
  s = await startTestStudio();
  repo = mkdtempSync(join(tmpdir(), 'studio-picked-'));
  empty = mkdtempSync(join(tmpdir(), 'studio-no-meta-'));
});
afterAll(async () => {
  await s?.close();
  for (const dir of [repo, empty]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The handler's Electron side, recorded: the folder the picker answers, the errors shown, the windows told. */
function desktop(picked: string | undefined, session: OpenFolderDeps['session'] = () => ({ baseUrl: s.url, email: TEST_EMAIL, sessionToken: s.studio.sessionToken })) {
  const seen = { picks: 0, errors: [] as string[], opened: [] as string[] };
  const deps: OpenFolderDeps = {
    pickFolder: async () => (seen.picks++, picked),
    session,
    showError: (title, message) => seen.errors.push(`${title}: ${message}`),
    opened: (root) => seen.opened.push(root),
  };
  return { deps, seen };
}

describe('File › Open Folder…', () => {
  it('refuses a folder without meta.json, naming what is missing, and links nothing', async () => {
    const { deps, seen } = desktop(empty);
    expect(await openFolderFromMenu(deps)).toBe('refused');
    expect(seen.errors).toHaveLength(1);
    expect(seen.errors[0]).toContain('meta.json does not exist');
    expect(seen.opened).toEqual([]);
    expect((await s.call('GET', '/studio/api/workspace')).body.linked).toBe(false);
  });

  it('does nothing when the picker is cancelled, and says so when the core is not up yet', async () => {
    const cancelled = desktop(undefined);
    expect(await openFolderFromMenu(cancelled.deps)).toBe('cancelled');
    expect(cancelled.seen).toEqual({ picks: 1, errors: [], opened: [] });
    const early = desktop(repo, () => undefined);
    expect(await openFolderFromMenu(early.deps)).toBe('refused');
    expect(early.seen.picks).toBe(0);
    expect(early.seen.errors[0]).toContain('not running yet');
  });

  it('opens the picked folder linked to its files and tells the window', async () => {
    writeFileSync(join(repo, 'meta.json'), JSON.stringify({ transformations: [{ file: 'code.js', name: 'Picked', language: 'javascript' }] }));
    writeFileSync(join(repo, 'code.js'), 'export function transformEvent(event) { return { ...event, picked: true }; }\n');
    const { deps, seen } = desktop(repo);
    expect(await openFolderFromMenu(deps)).toBe('opened');
    expect(seen).toEqual({ picks: 1, errors: [], opened: [repo] });
    const folder = (await s.call('GET', '/studio/api/workspace')).body;
    expect(folder).toMatchObject({ linked: true, root: repo, files: [{ kind: 'transformation', name: 'Picked', file: 'code.js' }] });
    const listed = (await s.call('GET', '/transformations')).body.transformations.map((t: { name: string }) => t.name);
    expect(listed).toContain('Picked');
  });
});
