// Reads a repository laid out for the transformation GitHub Action: meta.json, the code files,
// the test files and the studio's sidecars. Every problem is collected and reported at once,
// each naming the file and what to fix.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import type { EventObject } from '../../shared/api/management';
import type { SavedTestEvent } from '../../shared/api/test-events';
import { Sidecar, WorkspaceMeta } from '../../shared/api/workspace';
import { StudioError } from '../errors';
import { filesToTests } from './test-files';

export interface FolderArtifact {
  name: string;
  description: string;
  code: string;
  /** The code file, relative to the root as meta.json names it. */
  file: string;
}

export interface FolderContent {
  root: string;
  /** Absolute path of the meta file. */
  meta: string;
  libraries: FolderArtifact[];
  transformations: (FolderArtifact & { tests: SavedTestEvent[] })[];
}

/** The sidecar of a code file: `transformations/tag.js` → `transformations/tag.studio.json`. */
export const sidecarOf = (file: string) => `${file.replace(/\.(m?js|ts)$/i, '')}.studio.json`;

/** Reads and checks a folder; throws a validation StudioError listing every problem. */
export function readWorkspaceFolder(rootArg: string, metaArg?: string): FolderContent {
  const root = resolve(rootArg);
  const meta = resolve(root, metaArg ?? 'meta.json');
  const problems: string[] = [];
  const show = (abs: string) => {
    const rel = relative(root, abs);
    return rel && !rel.startsWith('..') ? rel : abs;
  };
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new StudioError('validation', `${rootArg} is not a folder: give the repository root`);
  if (!existsSync(meta)) {
    throw new StudioError('validation', `${show(meta)} does not exist: a workspace folder needs a meta.json (the transformation GitHub Action's format; docs/workspace.md), or name it with --meta FILE`);
  }

  /** A path of meta.json (relative to the root), checked to stay inside it. */
  const inRoot = (path: string, where: string): string | undefined => {
    const abs = resolve(root, path);
    const rel = relative(root, abs);
    if (isAbsolute(path) || rel.startsWith('..')) return void problems.push(`${where}: "${path}" is outside the repository root ${root} (paths are relative to it)`);
    return abs;
  };
  const readText = (path: string, where: string): string | undefined => {
    const abs = inRoot(path, where);
    if (!abs) return undefined;
    if (!existsSync(abs)) return void problems.push(`${where}: ${path} does not exist (paths are relative to the repository root ${root})`);
    return readFileSync(abs, 'utf8');
  };
  const readJson = <T>(path: string, where: string, check: (value: unknown) => string | undefined, text = readText(path, where)): T | undefined => {
    if (text === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return void problems.push(`${path} is not valid JSON: ${(error as Error).message}`);
    }
    const problem = check(value);
    if (problem) return void problems.push(`${path}: ${problem}`);
    return value as T;
  };
  const schemaProblem = (schema: TSchema) => (value: unknown) => {
    const first = Value.Check(schema, value) ? undefined : [...Value.Errors(schema, value)][0];
    return first ? `${first.instancePath || 'the file'} ${first.message}` : undefined;
  };
  const eventArray = (what: string) => (value: unknown) =>
    Array.isArray(value) && value.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e)) ? undefined : `must be a JSON array of ${what} objects`;

  const metaRel = show(meta);
  const parsed = readJson<WorkspaceMeta>(metaRel, 'meta', schemaProblem(WorkspaceMeta), readFileSync(meta, 'utf8'));
  if (!parsed) throw new StudioError('validation', problems.join('\n'), { problems });
  const languageProblem = (language: string | undefined, where: string) => {
    if (language !== undefined && language !== 'javascript') problems.push(`${where}: language "${language}" cannot run in the studio (only "javascript")`);
  };
  const seen = new Set<string>();
  const unique = (kind: string, name: string, where: string) => {
    if (seen.has(`${kind}:${name}`)) problems.push(`${where}: a second ${kind} named "${name}" (names must be unique)`);
    seen.add(`${kind}:${name}`);
  };

  const libraries: FolderArtifact[] = [];
  (parsed.libraries ?? []).forEach((lib, i) => {
    const where = `${metaRel} libraries[${i}] ("${lib.name}")`;
    unique('library', lib.name, where);
    languageProblem(lib.language, where);
    const code = readText(lib.file, `${where} file`);
    if (code !== undefined) libraries.push({ name: lib.name, description: lib.description ?? '', code, file: lib.file });
  });
  const transformations: FolderContent['transformations'] = [];
  (parsed.transformations ?? []).forEach((t, i) => {
    const where = `${metaRel} transformations[${i}] ("${t.name}")`;
    unique('transformation', t.name, where);
    languageProblem(t.language, where);
    const code = readText(t.file, `${where} file`);
    const inputFile = t['test-input-file'];
    const expectedFile = t['expected-output'];
    if (expectedFile && !inputFile) problems.push(`${where}: "expected-output" needs a "test-input-file" (the events the outputs come from)`);
    const inputs = inputFile ? readJson<EventObject[]>(inputFile, `${where} test-input-file`, eventArray('event')) : undefined;
    const expected = expectedFile ? readJson<EventObject[]>(expectedFile, `${where} expected-output`, eventArray('output event')) : undefined;
    const sidecarFile = sidecarOf(t.file);
    const sidecar = existsSync(resolve(root, sidecarFile)) ? readJson<Sidecar>(sidecarFile, `${where} sidecar`, schemaProblem(Sidecar)) : undefined;
    const names = { inputs: inputFile ?? 'the test-input-file', expected: expectedFile ?? 'the expected-output file', sidecar: sidecarFile };
    const { tests, problems: testProblems } = filesToTests({ inputs, expected, sidecar }, names);
    problems.push(...testProblems);
    if (code !== undefined) transformations.push({ name: t.name, description: t.description ?? '', code, file: t.file, tests });
  });
  if (problems.length > 0) throw new StudioError('validation', problems.join('\n'), { problems });
  return { root, meta, libraries, transformations };
}
