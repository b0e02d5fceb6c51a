import type { ExportedWorkspace, OpenWorkspaceBody, OpenedWorkspace, WorkspaceFolder } from '../../shared/api/workspace';
import type { LibrariesService } from '../management/libraries-service';
import type { TestEventsService } from '../management/test-events-service';
import type { TransformationsService } from '../management/transformations-service';
import { readWorkspaceFolder } from './folder-read';
import { workspaceFiles } from './folder-write';
import { gitStatus } from './git-status';
import { linkFolder, type LinkDeps, type LinkedFolder } from './linked-folder';

export interface WorkspaceDeps extends Pick<LinkDeps, 'onError'> {
  /** Subscriptions to the studio's writes (versions, test inputs); each returns its unsubscribe. */
  writes: ((listener: () => void) => () => void)[];
  transformations: TransformationsService;
  libraries: LibrariesService;
  testEvents: TestEventsService;
  /** A one-shot core (the CLI's folder commands): libraries opened are not tested on save either. */
  oneShot?: boolean;
}

/**
 * A repository as the workspace (docs/workspace.md). Opening a folder links each library and
 * transformation of its meta.json to the artifact of the same name (as the Action matches them),
 * creating it, or saving a new version when the file's code or description differs; the saved
 * tests become the files' tests. Export writes the workspace out as such a folder's files.
 */
export function createWorkspaceService({ transformations, libraries, testEvents, writes, onError, oneShot = false }: WorkspaceDeps) {
  let linked: LinkedFolder | undefined;
  const listeners = new Set<(revision: number) => void>();
  const onChange = (revision: number) => listeners.forEach((listener) => listener(revision));
  const untested = { test: false };
  const testLibraries = { test: !oneShot };
  const onStudioWrite = (listener: () => void) => {
    const offs = writes.map((subscribe) => subscribe(listener));
    return () => offs.forEach((off) => off());
  };
  const service = {
    /** Opens the folder and keeps it linked: files and studio kept in step (linked-folder.ts). */
    async link(body: OpenWorkspaceBody): Promise<OpenedWorkspace> {
      const opened = await service.open({ ...body, link: false });
      linked?.close();
      linked = linkFolder(opened, { transformations, libraries, testEvents, onStudioWrite, onChange, onError });
      onChange(0);
      return opened;
    },
    async folder(): Promise<WorkspaceFolder> {
      if (!linked) return { linked: false, revision: 0, files: [] };
      const git = await gitStatus(linked.root);
      return { linked: true, root: linked.root, meta: linked.meta, revision: linked.revision(), files: linked.files(), ...(git ? { git } : {}) };
    },
    close: () => linked?.close(),
    /** Hears each change the linked folder reconciled (a file changed on disk, a save written), and a new link. */
    onChange(listener: (revision: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async open(body: OpenWorkspaceBody): Promise<OpenedWorkspace> {
      if (body.link) return service.link(body);
      const content = readWorkspaceFolder(body.root, body.meta);
      const message = (file: string) => body.message ?? `from ${file}`;
      const opened: OpenedWorkspace = { root: content.root, meta: content.meta, libraries: [], transformations: [] };
      // Libraries first: a transformation's save compiles it with the libraries it imports.
      const knownLibraries = new Map(libraries.list().map((l) => [l.name, l]));
      for (const lib of content.libraries) {
        const known = knownLibraries.get(lib.name);
        const input = { name: lib.name, description: lib.description, code: lib.code, message: message(lib.file) };
        const changed = !known || known.code !== lib.code || (known.description ?? '') !== lib.description;
        const saved = !known ? await libraries.create(input, false, testLibraries) : changed ? await libraries.update(known.id, input, false, testLibraries) : known;
        opened.libraries.push({ id: saved.id, name: saved.name, file: lib.file, versionId: saved.versionId, changed, importName: saved.importName });
      }
      const knownTransformations = new Map(transformations.list().map((t) => [t.name, t]));
      for (const t of content.transformations) {
        const known = knownTransformations.get(t.name);
        const input = { name: t.name, description: t.description, code: t.code, message: message(t.file) };
        const changed = !known || known.code !== t.code || (known.description ?? '') !== t.description;
        // Not tested on save: its tests are replaced just after (the background run tests it then).
        const saved = !known ? await transformations.create(input, false, untested) : changed ? await transformations.update(known.id, input, false, untested) : known;
        testEvents.replace(saved.id, t.tests);
        opened.transformations.push({ id: saved.id, name: saved.name, file: t.file, versionId: saved.versionId, changed, tests: t.tests.length });
      }
      return opened;
    },
    export(): ExportedWorkspace {
      const libs = libraries.list().map((l) => ({ name: l.name, description: l.description ?? '', code: l.code }));
      const ts = transformations.list().map((t) => ({ name: t.name, description: t.description ?? '', code: t.code, tests: testEvents.get(t.id).events }));
      return { files: workspaceFiles(libs, ts) };
    },
  };
  return service;
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
