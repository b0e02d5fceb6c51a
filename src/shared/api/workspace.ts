// A repository as the workspace: the transformation GitHub Action's meta.json (its files, tests
// and expected outputs) plus the studio's sidecar files, and the studio API that opens such a
// folder (POST /studio/api/workspace/open) or writes the workspace out as one (…/export).
// The format is described for users in docs/workspace.md.
import { Type, type Static } from 'typebox';
import { FetchMock, FieldCheck, JsonObject } from './test-events';

const Path = Type.String({ minLength: 1, maxLength: 1000, description: 'A path relative to the repository root' });
const Language = Type.Optional(Type.String({ maxLength: 40, description: 'Only "javascript" runs in the studio' }));

/** One transformation of meta.json, as the Action reads it. */
export const MetaTransformation = Type.Object({
  file: Path,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  language: Language,
  'test-input-file': Type.Optional(Path),
  'expected-output': Type.Optional(Path),
});
export type MetaTransformation = Static<typeof MetaTransformation>;

/** One library of meta.json: `name` is what transformations import. */
export const MetaLibrary = Type.Object({
  file: Path,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  language: Language,
});
export type MetaLibrary = Static<typeof MetaLibrary>;

/** meta.json of the transformation GitHub Action (other keys are kept by the Action and ignored here). */
export const WorkspaceMeta = Type.Object({
  transformations: Type.Optional(Type.Array(MetaTransformation, { maxItems: 1000 })),
  libraries: Type.Optional(Type.Array(MetaLibrary, { maxItems: 1000 })),
});
export type WorkspaceMeta = Static<typeof WorkspaceMeta>;

/**
 * One saved test in a sidecar, in the order of the saved tests. Either `input` (the index of an
 * event of the test-input-file; its exact expected outputs are the next `outputs` entries of the
 * expected-output file, default 1) or `event` (a test the Action cannot run as the studio does:
 * fetch mocks, no exact expected output (field checks only, or must not throw)).
 */
export const SidecarTest = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    input: Type.Optional(Type.Integer({ minimum: 0 })),
    outputs: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'How many outputs of expected-output belong to this input (default 1)' })),
    event: Type.Optional(JsonObject),
    expected: Type.Optional(Type.Array(JsonObject, { description: 'With `event`: its exact expected outputs' })),
    checks: Type.Optional(Type.Array(FieldCheck, { maxItems: 50 })),
    mocks: Type.Optional(Type.Array(FetchMock, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type SidecarTest = Static<typeof SidecarTest>;

/** `<code file without .js>.studio.json` beside a transformation's code: what meta.json cannot say. */
export const Sidecar = Type.Object(
  {
    $comment: Type.Optional(Type.String()),
    studioSidecar: Type.Literal(1, { description: 'Format version' }),
    tests: Type.Array(SidecarTest, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type Sidecar = Static<typeof Sidecar>;

export const OpenWorkspaceBody = Type.Object(
  {
    root: Type.String({ minLength: 1, maxLength: 4096, description: 'The repository root: paths in meta.json are relative to it' }),
    meta: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'The meta file (default <root>/meta.json); relative paths are relative to root' })),
    message: Type.Optional(Type.String({ maxLength: 500, description: 'Message of the versions the files make (default "from <file>")' })),
    link: Type.Optional(Type.Boolean({ description: 'Keep the folder linked, as --workspace does: saves write the files, changes on disk become versions' })),
  },
  { additionalProperties: false },
);
export type OpenWorkspaceBody = Static<typeof OpenWorkspaceBody>;

const Linked = {
  id: Type.String(),
  name: Type.String(),
  file: Type.String(),
  versionId: Type.String({ description: 'The version holding the file\'s code (a new one when the code differed)' }),
  changed: Type.Boolean({ description: 'A new version was made from the file' }),
};

/** What opening a folder did: each artifact of meta.json linked to its file. */
export const OpenedWorkspace = Type.Object({
  root: Type.String(),
  meta: Type.String(),
  libraries: Type.Array(Type.Object({ ...Linked, importName: Type.String() })),
  transformations: Type.Array(Type.Object({ ...Linked, tests: Type.Integer({ description: 'Saved tests read from the files' }) })),
});
export type OpenedWorkspace = Static<typeof OpenedWorkspace>;

/** The workspace as the files of such a folder (the CLI's `studio init DIR` writes them). */
export const ExportedWorkspace = Type.Object({
  files: Type.Array(Type.Object({ path: Type.String(), content: Type.String() })),
});
export type ExportedWorkspace = Static<typeof ExportedWorkspace>;

/** The linked folder (`npm run serve -- --workspace DIR`): its files, git branch and changed files. */
export const WorkspaceFolder = Type.Object({
  linked: Type.Boolean({ description: 'A folder is open as the workspace' }),
  root: Type.Optional(Type.String()),
  meta: Type.Optional(Type.String()),
  revision: Type.Integer({ description: 'Grows with every change between the files and the studio' }),
  files: Type.Array(Type.Object({ kind: Type.Union([Type.Literal('transformation'), Type.Literal('library')]), id: Type.String(), name: Type.String(), file: Type.String() })),
  git: Type.Optional(Type.Object({ branch: Type.String(), changed: Type.Array(Type.String(), { description: 'Files that differ from HEAD (git status)' }) })),
});
export type WorkspaceFolder = Static<typeof WorkspaceFolder>;
