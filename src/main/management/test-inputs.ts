import { createHash } from 'node:crypto';
import type { Store } from '../store';
import { readSandboxSettings } from '../store/sandbox-settings';
import type { TransformationVersionRecord } from '../store/transformations-repo';
import { resolveLibraries } from './library-resolution';

/**
 * Everything a transformation version's test outcome depends on besides its own code: the saved
 * tests (one digest each, in order), the library versions a run would use now (as publish
 * resolves them), and the settings that change results (sandbox settings, credentials). Recorded
 * with each outcome; when the inputs of now differ, the outcome is out of date, with the reasons.
 */
export interface TestInputs {
  /** The version's own code and given test events. */
  version: string;
  tests: string[];
  libraries: Record<string, { name: string; versionId: string; number: number }>;
  sandboxSettings: string;
  credentials: string;
}

export const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

type VersionFields = Pick<TransformationVersionRecord, 'id' | 'transformationId' | 'code' | 'testEvents'>;

/**
 * What is shared by every transformation: the settings and credentials (decrypted to read them).
 * A sweep over all transformations reads them once (`sharedInputs`' third argument).
 */
export function commonInputs(store: Store) {
  return {
    sandboxSettings: digest(readSandboxSettings(store.settings)),
    credentials: digest(Object.entries(store.credentials.values()).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** What is shared by every version of a transformation (read once per listing). */
export function sharedInputs(store: Store, transformationId: string, common = commonInputs(store)) {
  return { tests: store.testEvents.list(transformationId).map(digest), ...common };
}

/** The inputs a run of `version`'s tests would have now. */
export function testInputsOf(store: Store, version: VersionFields, shared = sharedInputs(store, version.transformationId)): TestInputs {
  const libraries: TestInputs['libraries'] = {};
  for (const { libraryId, version: lib } of resolveLibraries(store.libraries, version.code, new Map())) {
    libraries[libraryId] = { name: lib.name, versionId: lib.id, number: lib.seq };
  }
  return { version: digest([version.code, version.testEvents]), ...shared, libraries };
}

export const serializeInputs = (inputs: TestInputs) => JSON.stringify(inputs);

export function parseInputs(text: string | null): TestInputs | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as TestInputs;
  } catch {
    return undefined;
  }
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function testChanges(then: string[], now: string[]): string[] {
  const left = new Map<string, number>();
  for (const d of then) left.set(d, (left.get(d) ?? 0) + 1);
  let common = 0;
  for (const d of now) {
    const n = left.get(d) ?? 0;
    if (n > 0) {
      common++;
      left.set(d, n - 1);
    }
  }
  let added = now.length - common;
  let removed = then.length - common;
  const changed = Math.min(added, removed);
  added -= changed;
  removed -= changed;
  const parts: string[] = [];
  if (added > 0) parts.push(`${count(added, 'test')} added since this run`);
  if (removed > 0) parts.push(`${count(removed, 'test')} removed since this run`);
  if (changed > 0) parts.push(`${count(changed, 'test')} changed since this run`);
  if (parts.length === 0 && then.join() !== now.join()) parts.push('saved tests reordered since this run');
  return parts;
}

function libraryChanges(then: TestInputs['libraries'], now: TestInputs['libraries']): string[] {
  const parts: string[] = [];
  for (const [id, lib] of Object.entries(now)) {
    const was = then[id];
    if (!was) parts.push(`library ${lib.name} now used: v${lib.number}`);
    else if (was.versionId !== lib.versionId) parts.push(`library ${lib.name} changed: v${was.number} → v${lib.number}`);
  }
  for (const [id, lib] of Object.entries(then)) if (!now[id]) parts.push(`library ${lib.name} no longer used (was v${lib.number})`);
  return parts;
}

/** Why an outcome recorded with `then` is out of date now; empty when it is not. */
export function staleReasons(then: TestInputs | undefined, now: TestInputs): string[] {
  if (!then) return ['tested before the studio recorded what a run depends on'];
  const reasons = [...testChanges(then.tests ?? [], now.tests), ...libraryChanges(then.libraries ?? {}, now.libraries)];
  if (then.version !== now.version) reasons.push('the version’s test input changed since this run');
  if (then.sandboxSettings !== now.sandboxSettings) reasons.push('sandbox settings changed since this run');
  if (then.credentials !== now.credentials) reasons.push('credentials changed since this run');
  return reasons;
}
