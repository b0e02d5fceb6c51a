import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusal, rendererRefusal, ROOMS, roomOf } from './rooms.mjs';

// The Rooms table holds every room of src/main; the house rules on what sits where.

const root = join(__dirname, '..');
const main = join(root, 'src/main');
const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
const files = walk(main).map((file) => relative(main, file));

describe('the Rooms table', () => {
  it('has a room for every folder of src/main (and of src/main/hosts and src/main/sandbox)', () => {
    const folders = (dir: string) => readdirSync(join(main, dir)).filter((name) => statSync(join(main, dir, name)).isDirectory()).map((name) => (dir ? `${dir}/${name}` : name));
    const missing = [...folders(''), ...folders('hosts'), ...folders('sandbox')].filter((folder) => folder !== 'hosts' && !ROOMS[folder]);
    expect(missing).toEqual([]);
    expect(files.filter((file) => !roomOf(file) && !/\.test\.ts$/.test(file))).toEqual([]);
  });

  it('at most four product files are loose at src/main (tests beside them aside)', () => {
    const loose = readdirSync(main).filter((name) => statSync(join(main, name)).isFile() && !/\.test\.ts$/.test(name));
    expect(loose.length, loose.join(', ')).toBeLessThanOrEqual(4);
  });

  it('test helpers live only under testing/', () => {
    const helpers = files.filter((file) => !file.startsWith('testing/') && !/\.test\.tsx?$/.test(file) && /(test-support|support\.ts$|helpers?\.ts$|fixtures?\.ts$)/.test(file));
    expect(helpers).toEqual([]);
  });

  it('docs/architecture.md lists the same rooms', () => {
    const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Rooms'));
    const listed = new Set([...table.matchAll(/^\| `src\/main\/([^`]+?)\/?` \|/gm)].map((m) => m[1]));
    const rooms = Object.entries(ROOMS).filter(([, room]) => !room.parent).map(([key]) => key);
    expect(rooms.filter((room) => !listed.has(room))).toEqual([]);
  });

  it.each([
    ['pipeline/x.ts', 'replay/replay-jobs.ts', /pipeline may import .* not replay/],
    ['store/x.ts', 'security/master-key.ts', /store may import native.ts .* not security/],
    ['management/x.ts', 'sandbox/core/sandbox.ts', /through sandbox\/index.ts/],
    ['sandbox/host/x.ts', 'sandbox/isolate/run.ts', /sandbox\/host may import sandbox\/types.ts of sandbox, not sandbox\/isolate/],
    ['collect/x.ts', 'testing/harness.ts', /collect may import store, jobs .* not testing/],
    ['sandbox/child/x.ts', 'replay/worker/replay-worker.ts', /sandbox may import .* not replay/],
    ['sandbox/child/x.ts', 'store/connection.ts', /sandbox may import .* not store/],
    ['replay/worker/x.ts', 'pipeline/transform-step.ts', /replay\/worker may import sandbox .* not pipeline/],
    // The process that runs user code never opens the database: replay's worker reaches no store.
    ['replay/worker/x.ts', 'store/replay-repo.ts', /replay\/worker may import sandbox .* not store/],
    ['replay/worker/x.ts', 'replay/outcome.ts', /not replay/],
    ['replay/worker/x.ts', 'sandbox/core/sandbox.ts', /through sandbox\/index.ts or .* or sandbox\/worker-api.ts/],
    ['http/routes/x.ts', 'store/credentials-repo.ts', /http may import .* not store/],
    ['http/routes/x.ts', 'store/index.ts', /http may import .* not store/],
  ])('refuses %s → %s', (from, to, why) => {
    expect(refusal(from, to)).toMatch(why);
  });

  it.each([
    ['pipeline/x.ts', 'sandbox/index.ts'],
    ['debug/x.ts', 'sandbox/isolate/run.ts'],
    ['sandbox/core/x.ts', 'sandbox/supervision/process-pool.ts'],
    ['testing/x.ts', 'management/publish-service.ts'],
    ['store/x.ts', 'shared'],
    ['replay/worker/x.ts', 'sandbox/worker-api.ts'],
    ['replay/replay-jobs.ts', 'replay/worker/index.ts'],
    ['http/routes/x.ts', 'settings/settings-service.ts'],
  ])('lets %s import %s', (from, to) => {
    expect(refusal(from, to)).toBeUndefined();
  });

  it.each([
    ['features/replay/NewRunForm.tsx', 'features/test-bench/useTestBench.ts', false, /through their front door, features\/test-bench\/index.ts/],
    ['features/shell/Shell.tsx', 'features/events/EventsPage.tsx', false, /through their front door, features\/events\/index.ts/],
    ['features/shell/Shell.tsx', 'features/events/filters.ts', true, /through their front door/],
    ['components/Dialog.tsx', 'features/replay/index.ts', false, /components\/ is shared by the features .* never imports a feature/],
  ])('renderer: refuses %s → %s', (from, to, dynamic, why) => {
    expect(rendererRefusal(from, to, dynamic)).toMatch(why);
  });

  it.each([
    ['features/replay/NewRunForm.tsx', 'features/test-bench/index.ts', false],
    ['features/shell/Shell.tsx', 'features/events/schema/SchemaPage.tsx', true],
    ['features/replay/NewRunForm.tsx', 'features/replay/useReplay.ts', false],
    ['features/replay/NewRunForm.tsx', 'components/Dialog.tsx', false],
    ['App.tsx', 'features/shell/Shell.tsx', false],
  ])('renderer: lets %s import %s', (from, to, dynamic) => {
    expect(rendererRefusal(from, to, dynamic)).toBeUndefined();
  });
});
