// A linked transformation's tests kept in step with its test files (docs/workspace.md): the
// test-input-file and expected-output meta.json names, and the sidecar beside the code. Tests
// saved in the studio are written to them (each file atomically); a change of them on disk
// replaces the saved tests. Both sides are compared in their written form (testsToFiles), so files
// written by hand that say the same tests are left as they are.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SavedTestEvent } from '../../shared/api/test-events';
import type { EventObject } from '../../shared/api/management';
import type { Sidecar } from '../../shared/api/workspace';
import { sidecarOf } from './folder-read';
import { filesToTests, testsToFiles } from './test-files';
import { writeAtomically } from './atomic-write';

/** Where one transformation's tests live, relative to the root as meta.json names them. */
export interface TestPaths {
  inputs?: string;
  expected?: string;
  sidecar: string;
}

/** The written form of a list of saved tests: equal when the files would be equal. */
export const testsForm = (tests: SavedTestEvent[]) => JSON.stringify(testsToFiles(tests));

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The paths of a meta.json entry's tests. */
export function testPathsOf(entry: { file: string; 'test-input-file'?: string; 'expected-output'?: string }): TestPaths {
  return { inputs: entry['test-input-file'], expected: entry['expected-output'], sidecar: sidecarOf(entry.file) };
}

/** The tests the files say now, or the problem that keeps them from being read (a file half written, invalid JSON). */
export function readTestFiles(root: string, paths: TestPaths): { tests: SavedTestEvent[] } | { problem: string } {
  const parse = <T>(file: string | undefined): T | undefined => {
    if (!file || !existsSync(resolve(root, file))) return undefined;
    return JSON.parse(readFileSync(resolve(root, file), 'utf8')) as T;
  };
  try {
    const inputs = parse<EventObject[]>(paths.inputs);
    const expected = parse<EventObject[]>(paths.expected);
    const sidecar = parse<Sidecar>(paths.sidecar);
    if ((inputs && !Array.isArray(inputs)) || (expected && !Array.isArray(expected)) || (sidecar && !Array.isArray(sidecar.tests))) {
      return { problem: 'a test file does not have the shape docs/workspace.md describes' };
    }
    const names = { inputs: paths.inputs ?? 'test-input-file', expected: paths.expected ?? 'expected-output', sidecar: paths.sidecar };
    const { tests, problems } = filesToTests({ inputs, expected, sidecar }, names);
    return problems.length > 0 ? { problem: problems.join('; ') } : { tests };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/**
 * Writes the files of these tests. A transformation whose meta.json entry names no test files
 * gets tests/<code file's name>/events.json and expected.json when the Action can check some of
 * them; returns the paths used (the caller records new ones in meta.json).
 */
export function writeTestFiles(root: string, paths: TestPaths, tests: SavedTestEvent[], codeFile: string): TestPaths {
  const files = testsToFiles(tests);
  let used = paths;
  if (files.inputs && (!paths.inputs || !paths.expected)) {
    const folder = join('tests', codeFile.replace(/^\.\//, '').replace(/\.(m?js|ts)$/i, '').split('/').pop()!);
    used = { ...paths, inputs: paths.inputs ?? join(folder, 'events.json'), expected: paths.expected ?? join(folder, 'expected.json') };
  }
  if (used.inputs) writeAtomically(resolve(root, used.inputs), json(files.inputs ?? []));
  if (used.expected) writeAtomically(resolve(root, used.expected), json(files.expected ?? []));
  const sidecar = resolve(root, used.sidecar);
  if (files.sidecar) writeAtomically(sidecar, json(files.sidecar));
  else if (existsSync(sidecar)) rmSync(sidecar);
  return used;
}

/** The folders a link's test files are in (watched for changes). */
export const testFolders = (root: string, paths: TestPaths) =>
  [paths.inputs, paths.expected, paths.sidecar].filter((p): p is string => !!p).map((p) => dirname(resolve(root, p)));
