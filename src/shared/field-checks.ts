// Field checks of a saved test (path equals / exists / absent / matches / type), evaluated on the
// outputs of its event. Used by the core's test runner and by the test bench's editor.
import type { FieldCheck } from './api/test-events';
import { JSON_TYPES } from './api/test-events';
import { jsonEqual } from './field-diff';

type Segment = string | number;

/** "items[0].id" → ["items", 0, "id"]; a leading "[n]" picks the n-th output (default the first). */
export function parsePath(path: string): Segment[] | string {
  const segments: Segment[] = [];
  const re = /\[(\d+)\]|([^.[\]]+)|(\.)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < path.length && (m = re.exec(path)) !== null) {
    if (m[1] !== undefined) segments.push(Number(m[1]));
    else if (m[2] !== undefined) segments.push(m[2]);
    at = re.lastIndex;
  }
  if (at !== path.length || segments.length === 0) return `path "${path}" is not a field path (write it as a.b[0].c)`;
  return segments;
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** A check's problem in words that say what to fix; null when it is well formed. */
export function checkProblem(check: FieldCheck): string | null {
  const parsed = parsePath(check.path);
  if (typeof parsed === 'string') return parsed;
  if (check.op === 'matches') {
    if (typeof check.value !== 'string') return `check on "${check.path}": "matches" needs a regular expression as its value`;
    try {
      new RegExp(check.value);
    } catch (error) {
      return `check on "${check.path}": ${(error as Error).message}`;
    }
  }
  if (check.op === 'type' && !JSON_TYPES.includes(check.value as (typeof JSON_TYPES)[number])) {
    return `check on "${check.path}": "type" needs one of ${JSON_TYPES.join(', ')}`;
  }
  if (check.op === 'equals' && check.value === undefined) return `check on "${check.path}": "equals" needs a value`;
  return null;
}

/** The value at a path of the outputs (undefined when absent). */
export function readPath(outputs: unknown[], path: string): unknown {
  const parsed = parsePath(path);
  if (typeof parsed === 'string') return undefined;
  let value: unknown = outputs;
  const segments = typeof parsed[0] === 'number' ? parsed : [0, ...parsed];
  for (const s of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    if (typeof s === 'number' ? !Array.isArray(value) : Array.isArray(value)) return undefined;
    value = (value as Record<string | number, unknown>)[s];
  }
  return value;
}

const show = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value).slice(0, 120));

/** Why a check fails on these outputs; null when it passes. */
export function checkFailure(check: FieldCheck, outputs: unknown[]): string | null {
  const problem = checkProblem(check);
  if (problem) return problem;
  const value = readPath(outputs, check.path);
  const at = `"${check.path}"`;
  switch (check.op) {
    case 'exists':
      return value === undefined ? `${at} should exist but is absent` : null;
    case 'absent':
      return value === undefined ? null : `${at} should be absent but is ${show(value)}`;
    case 'equals':
      return jsonEqual(check.value, value) ? null : `${at} should equal ${show(check.value)} but is ${show(value)}`;
    case 'matches':
      return typeof value === 'string' && new RegExp(check.value as string).test(value) ? null : `${at} should match /${String(check.value)}/ but is ${show(value)}`;
    case 'type':
      return typeOf(value) === check.value ? null : `${at} should be of type ${String(check.value)} but is ${value === undefined ? 'absent' : typeOf(value)}`;
    default:
      return `unknown check "${String(check.op)}"`;
  }
}
