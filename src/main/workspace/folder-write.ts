// The workspace as the files of a repository the transformation GitHub Action reads (pure):
// meta.json, transformations/<slug>.js with tests/<slug>/events.json and expected.json, the
// sidecar transformations/<slug>.studio.json when meta.json cannot say everything, libraries/<slug>.js.
import type { SavedTestEvent } from '../../shared/api/test-events';
import type { MetaLibrary, MetaTransformation, WorkspaceMeta } from '../../shared/api/workspace';
import { sidecarOf } from './folder-read';
import { testsToFiles } from './test-files';

export interface ArtifactToWrite {
  name: string;
  description: string;
  code: string;
}

export interface FileToWrite {
  path: string;
  content: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A file name from an artifact name, unique among those already taken. */
function slugger() {
  const taken = new Set<string>();
  return (name: string) => {
    const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'unnamed';
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  };
}

export function workspaceFiles(libraries: ArtifactToWrite[], transformations: (ArtifactToWrite & { tests: SavedTestEvent[] })[]): FileToWrite[] {
  const files: FileToWrite[] = [];
  const meta: Required<WorkspaceMeta> = { transformations: [], libraries: [] };
  const transformationSlug = slugger();
  for (const t of transformations) {
    const slug = transformationSlug(t.name);
    const entry: MetaTransformation = { file: `transformations/${slug}.js`, name: t.name, description: t.description, language: 'javascript' };
    files.push({ path: entry.file, content: t.code });
    const tests = testsToFiles(t.tests);
    if (tests.inputs) {
      entry['test-input-file'] = `tests/${slug}/events.json`;
      entry['expected-output'] = `tests/${slug}/expected.json`;
      files.push({ path: entry['test-input-file'], content: json(tests.inputs) }, { path: entry['expected-output'], content: json(tests.expected) });
    }
    if (tests.sidecar) files.push({ path: sidecarOf(entry.file), content: json(tests.sidecar) });
    meta.transformations.push(entry);
  }
  const librarySlug = slugger();
  for (const lib of libraries) {
    const entry: MetaLibrary = { file: `libraries/${librarySlug(lib.name)}.js`, name: lib.name, description: lib.description, language: 'javascript' };
    files.push({ path: entry.file, content: lib.code });
    meta.libraries.push(entry);
  }
  return [{ path: 'meta.json', content: json(meta) }, ...files];
}
