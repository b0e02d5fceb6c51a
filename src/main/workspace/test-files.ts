// Saved tests <-> the Action's test files plus the studio's sidecar (pure; docs/workspace.md).
// A saved test with exact expected outputs and no fetch mocks is what the Action can check: its
// event goes to the test-input-file and its outputs to the expected-output file. Every other test
// (fetch mocks, field checks only, must not throw) lives in the sidecar with its event.
import type { EventObject } from '../../shared/api/management';
import type { SavedTestEvent } from '../../shared/api/test-events';
import type { Sidecar, SidecarTest } from '../../shared/api/workspace';

export const SIDECAR_COMMENT =
  'Transformation Studio: saved tests that meta.json cannot describe (names, field checks, fetch mocks, tests without an exact expected output). The transformation GitHub Action ignores this file. Format: docs/workspace.md.';

export interface TestFiles {
  /** The test-input-file's events (absent: no test the Action can run). */
  inputs?: EventObject[];
  /** The expected-output file's outputs, in the order of the inputs. */
  expected?: EventObject[];
  sidecar?: Sidecar;
}

const actionCheckable = (t: SavedTestEvent) => t.expected !== undefined && !(t.mocks && t.mocks.length > 0);

/** The files that describe these saved tests (the sidecar only when meta.json cannot say it all). */
export function testsToFiles(tests: SavedTestEvent[]): TestFiles {
  const inputs: EventObject[] = [];
  const expected: EventObject[] = [];
  let needSidecar = false;
  const entries: SidecarTest[] = tests.map((t) => {
    const extras = { ...(t.name ? { name: t.name } : {}), ...(t.checks?.length ? { checks: t.checks } : {}) };
    if (actionCheckable(t)) {
      const outputs = t.expected!.length;
      inputs.push(t.event);
      expected.push(...t.expected!);
      if (Object.keys(extras).length > 0 || outputs !== 1) needSidecar = true;
      return { ...extras, input: inputs.length - 1, ...(outputs !== 1 ? { outputs } : {}) };
    }
    needSidecar = true;
    return { ...extras, event: t.event, ...(t.expected ? { expected: t.expected } : {}), ...(t.mocks?.length ? { mocks: t.mocks } : {}) };
  });
  return {
    ...(inputs.length > 0 ? { inputs, expected } : {}),
    ...(needSidecar ? { sidecar: { $comment: SIDECAR_COMMENT, studioSidecar: 1 as const, tests: entries } } : {}),
  };
}

/**
 * The saved tests these files describe, or the problems (each saying what to fix). Without a
 * sidecar every input event is a test, with one expected output each when expected-output is given.
 */
export function filesToTests(files: TestFiles, names: { inputs: string; expected: string; sidecar: string }): { tests: SavedTestEvent[]; problems: string[] } {
  const inputs = files.inputs ?? [];
  const entries: SidecarTest[] = files.sidecar?.tests ?? [];
  const problems: string[] = [];
  const byInput = new Map<number, SidecarTest>();
  entries.forEach((e, i) => {
    const where = `${names.sidecar}: tests[${i}]`;
    if ((e.input === undefined) === (e.event === undefined)) problems.push(`${where} must have either "input" (an index into ${names.inputs}) or "event"`);
    else if (e.input !== undefined && e.input >= inputs.length) problems.push(`${where}: "input" ${e.input} is past the end of ${names.inputs} (${inputs.length} events)`);
    else if (e.input !== undefined && byInput.has(e.input)) problems.push(`${where}: input event ${e.input} is already described by another entry`);
    else if (e.input !== undefined) byInput.set(e.input, e);
    if (e.input !== undefined && e.expected) problems.push(`${where}: an "input" test takes its expected outputs from ${names.expected}; remove "expected"`);
  });
  // Expected outputs of input event i: the next `outputs` (default 1) entries, in input order.
  const slices = new Map<number, EventObject[]>();
  if (files.expected) {
    let at = 0;
    inputs.forEach((_, i) => {
      const n = byInput.get(i)?.outputs ?? 1;
      slices.set(i, files.expected!.slice(at, at + n));
      at += n;
    });
    if (at !== files.expected.length) {
      problems.push(
        `${names.expected} holds ${files.expected.length} outputs, but ${names.inputs}'s ${inputs.length} events account for ${at}: ` +
          `give each event that is dropped or split its number of outputs in ${names.sidecar} ({"input": i, "outputs": n}; docs/workspace.md)`,
      );
    }
  }
  if (problems.length > 0) return { tests: [], problems };
  const fromInput = (i: number, e: SidecarTest | undefined): SavedTestEvent => ({
    ...(e?.name ? { name: e.name } : {}),
    event: inputs[i]!,
    ...(slices.has(i) ? { expected: slices.get(i)! } : {}),
    ...(e?.checks?.length ? { checks: e.checks } : {}),
  });
  const tests: SavedTestEvent[] = entries.map((e) =>
    e.input !== undefined
      ? fromInput(e.input, e)
      : {
          ...(e.name ? { name: e.name } : {}),
          event: e.event!,
          ...(e.expected ? { expected: e.expected } : {}),
          ...(e.checks?.length ? { checks: e.checks } : {}),
          ...(e.mocks?.length ? { mocks: e.mocks } : {}),
        },
  );
  // Input events no sidecar entry names (a folder written by hand for the Action) follow, in order.
  inputs.forEach((_, i) => {
    if (!byInput.has(i)) tests.push(fromInput(i, undefined));
  });
  return { tests, problems };
}
