// A folder opened as the workspace stays linked: the files are the source of truth for code and
// tests. A change on disk (another editor, git checkout, git pull) becomes a new version ("changed
// on disk: FILE"); a version saved in the studio is written to its file (atomically: a temporary
// file renamed over it). Tests go both ways too (linked-tests.ts). Transformations and libraries
// created, renamed or deleted in the studio are added to, renamed in or removed from meta.json.
// One reconcile() does all of it, after a file event under the root or a write in the studio;
// onChange hears each reconcile that changed something (the editors reload then).
import { watch, type FSWatcher } from 'node:fs';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { MetaTransformation, OpenedWorkspace } from '../../shared/api/workspace';
import type { LibrariesService } from '../management/libraries-service';
import type { TestEventsService } from '../management/test-events-service';
import type { TransformationsService } from '../management/transformations-service';
import { writeAtomically } from './atomic-write';
import { readTestFiles, testFolders, testPathsOf, testsForm, writeTestFiles, type TestPaths } from './linked-tests';

type Kind = 'transformation' | 'library';
interface Link {
  kind: Kind;
  id: string;
  name: string;
  /** As meta.json names it (relative to the root). */
  file: string;
  /** The content both sides last agreed on. */
  known: string;
  /** A transformation's test files, and the tests both sides last agreed on (their written form). */
  tests?: { paths: TestPaths; known: string };
}

export interface LinkDeps {
  transformations: TransformationsService;
  libraries: LibrariesService;
  testEvents: Pick<TestEventsService, 'get' | 'replace'>;
  /** Called after a reconcile that changed something, with the new revision. */
  onChange(revision: number): void;
  /** Subscribes to writes in the studio (versions saved, artifacts created); returns the unsubscribe. */
  onStudioWrite(listener: () => void): () => void;
  onError(message: string): void;
}

const normal = (file: string) => file.replace(/^\.\//, '');
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'unnamed';

export function linkFolder(opened: OpenedWorkspace, deps: LinkDeps) {
  const root = opened.root;
  const abs = (file: string) => resolve(root, file);
  const read = (file: string) => (existsSync(abs(file)) ? readFileSync(abs(file), 'utf8') : undefined);
  const entries = (JSON.parse(readFileSync(opened.meta, 'utf8')) as { transformations?: MetaTransformation[] }).transformations ?? [];
  const studioTests = (id: string) => testsForm(deps.testEvents.get(id).events);
  const testsOf = (id: string, name: string, file: string) => ({ paths: testPathsOf(entries.find((e) => e.name === name) ?? { file }), known: studioTests(id) });
  const links: Link[] = [
    ...opened.libraries.map((l) => ({ kind: 'library' as const, id: l.id, name: l.name, file: l.file, known: read(l.file) ?? '' })),
    ...opened.transformations.map((t) => ({ kind: 'transformation' as const, id: t.id, name: t.name, file: t.file, known: read(t.file) ?? '', tests: testsOf(t.id, t.name, t.file) })),
  ];
  let revision = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const serviceOf = (kind: Kind) => (kind === 'transformation' ? deps.transformations : deps.libraries);

  function rewriteMeta(change: (meta: { transformations?: Record<string, unknown>[]; libraries?: Record<string, unknown>[] }) => void): void {
    const meta = JSON.parse(readFileSync(opened.meta, 'utf8'));
    change(meta);
    writeAtomically(opened.meta, `${JSON.stringify(meta, null, 2)}\n`);
  }
  const listKey = (kind: Kind) => (kind === 'transformation' ? 'transformations' : 'libraries');
  /** meta.json paths are relative to the root; a new file goes beside the others of its kind. */
  const newFile = (kind: Kind, name: string) => {
    const sibling = links.find((l) => l.kind === kind)?.file;
    const folder = sibling ? dirname(normal(sibling)) : kind === 'transformation' ? 'transformations' : 'libraries';
    let file = join(folder, `${slug(name)}.js`);
    for (let n = 2; links.some((l) => normal(l.file) === file) || existsSync(abs(file)); n++) file = join(folder, `${slug(name)}-${n}.js`);
    return file;
  };

  async function reconcileOnce(): Promise<void> {
    for (const kind of ['library', 'transformation'] as const) {
      const artifacts = serviceOf(kind).list();
      for (const a of artifacts) {
        const link = links.find((l) => l.kind === kind && l.id === a.id);
        if (!link) {
          // Created in the studio: a file and an entry in meta.json.
          const file = newFile(kind, a.name);
          writeAtomically(abs(file), a.code);
          rewriteMeta((meta) => (meta[listKey(kind)] ??= []).push({ file, name: a.name, description: a.description ?? '', language: 'javascript' }));
          links.push({ kind, id: a.id, name: a.name, file, known: a.code, ...(kind === 'transformation' ? { tests: { paths: testPathsOf({ file }), known: testsForm([]) } } : {}) });
          watchFolders();
          revision++;
          continue;
        }
        if (link.name !== a.name) {
          const before = link.name;
          rewriteMeta((meta) => meta[listKey(kind)]?.forEach((e) => e.name === before && (e.name = a.name)));
          link.name = a.name;
          revision++;
        }
        const disk = read(link.file);
        if (disk !== undefined && disk !== link.known) {
          // Changed on disk: the file wins (the studio's version history keeps what was there).
          link.known = disk;
          if (disk !== a.code) await serviceOf(kind).update(a.id, { code: disk, message: `changed on disk: ${normal(link.file)}` }, false);
          revision++;
        } else if (a.code !== link.known) {
          // Saved in the studio: written to the file.
          writeAtomically(abs(link.file), a.code);
          link.known = a.code;
          revision++;
        }
        if (link.tests && syncTests(link, link.tests)) revision++;
      }
      for (const link of links.filter((l) => l.kind === kind && !artifacts.some((a) => a.id === l.id))) {
        // Deleted in the studio: out of meta.json (the file stays for git to show).
        rewriteMeta((meta) => (meta[listKey(kind)] = meta[listKey(kind)]?.filter((e) => e.name !== link.name)));
        links.splice(links.indexOf(link), 1);
        revision++;
      }
    }
  }

  /** Disk → saved tests when the files changed, else saved tests → files; true when either moved. */
  function syncTests(link: Link, tests: NonNullable<Link['tests']>): boolean {
    const disk = readTestFiles(root, tests.paths);
    if ('problem' in disk) {
      // Half written or being edited: left alone (the studio's tests are not written over it).
      deps.onError(`workspace folder ${root}: the tests of ${normal(link.file)} cannot be read: ${disk.problem}`);
      return false;
    }
    const onDisk = testsForm(disk.tests);
    if (onDisk !== tests.known) {
      // Refused (e.g. a check the studio cannot run): known stays, so the files are not overwritten.
      if (onDisk !== studioTests(link.id)) deps.testEvents.replace(link.id, disk.tests);
      tests.known = onDisk;
      return true;
    }
    const inStudio = studioTests(link.id);
    if (inStudio === tests.known) return false;
    const used = writeTestFiles(root, tests.paths, deps.testEvents.get(link.id).events, link.file);
    if (used.inputs !== tests.paths.inputs || used.expected !== tests.paths.expected) {
      rewriteMeta((meta) => meta.transformations?.forEach((e) => e.name === link.name && Object.assign(e, { 'test-input-file': used.inputs, 'expected-output': used.expected })));
    }
    tests.paths = used;
    tests.known = inStudio;
    watchFolders();
    return true;
  }

  /** Runs reconcileOnce, one at a time; a request while one runs runs it again after. */
  function reconcile(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    const before = revision;
    running = reconcileOnce()
      .then(() => {
        if (revision !== before) deps.onChange(revision);
      })
      .catch((error: unknown) => deps.onError(`workspace folder ${root}: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void reconcile();
        }
      });
    return running;
  }

  let timer: NodeJS.Timeout | undefined;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reconcile(), 50);
  };
  // One watch per folder holding a linked file (not the file: an editor's or git's atomic write
  // replaces the file, and a watch on a directory sees that; recursive watches miss it on Linux).
  const watchers = new Map<string, FSWatcher>();
  const watchFolders = () => {
    for (const folder of new Set(links.flatMap((l) => [dirname(abs(l.file)), ...(l.tests ? testFolders(root, l.tests.paths) : [])]))) {
      if (watchers.has(folder) || !existsSync(folder)) continue;
      try {
        watchers.set(folder, watch(folder, (_event, name) => name && !String(name).endsWith('.studio-tmp') && soon()));
      } catch (error) {
        deps.onError(`workspace folder ${root}: changes in ${folder} are not watched: ${(error as Error).message}`);
      }
    }
  };
  watchFolders();
  const unsubscribe = deps.onStudioWrite(soon);

  return {
    root,
    meta: opened.meta,
    reconcile,
    /** Grows with every change reconciled (the UI reads the artifacts again when it moves). */
    revision: () => revision,
    files: () => links.map(({ kind, id, name, file }) => ({ kind, id, name, file: normal(file) })),
    close() {
      closed = true;
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      unsubscribe();
    },
  };
}

export type LinkedFolder = ReturnType<typeof linkFolder>;
