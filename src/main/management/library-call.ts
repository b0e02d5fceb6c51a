import { badRequest } from '../errors';
import type { LibraryCodeRepo } from '../store/library-code-repo';
import type { LibraryCallRequest, LibraryCallResponse } from '../../shared/api/library-call';
import { importNameOf, importSpecifiers } from '../sandbox';
import type { Sandbox, SandboxLibrary } from '../sandbox';

// The library test panel's call: a small transformation imports the library as a namespace and
// calls the named export with the arguments, so the call runs with the sandbox's usual limits,
// globals (log, fetch, getCredential…) and stack traces.

const CALLER = `import * as lib from '__IMPORT__';
export async function transformBatch(events) {
  const { fn, args } = events[0];
  const names = Object.keys(lib).sort();
  const target = lib[fn];
  if (typeof target !== 'function') return [{ exports: names, missing: true, kind: typeof target }];
  const value = await target(...args);
  let json;
  try { json = JSON.stringify(value); } catch (error) { json = undefined; }
  return [{ exports: names, kind: typeof value, ...(json === undefined ? {} : { json }) }];
}
`;

const HARNESS = 'library test call';
/** The error without the caller's own frames ("at transformBatch (library test call:7:23)"): the user wrote none of them. */
const withoutHarnessFrames = (error: string) =>
  error
    .split('\n')
    .filter((line) => !(/^\s+at /.test(line) && line.includes(`${HARNESS}:`)))
    .join('\n');

/** Calls `request.function` of the library code with `request.args` in the sandbox. */
export async function callLibraryFunction(
  deps: { sandbox: Sandbox; libraryCode: LibraryCodeRepo },
  request: LibraryCallRequest,
): Promise<LibraryCallResponse> {
  const importName = importNameOf(request.name);
  if (!importName) throw badRequest(`library name "${request.name}" has no letters or digits: it cannot be imported`);
  const libraries: SandboxLibrary[] = [{ importName, code: request.code }];
  for (const specifier of importSpecifiers(request.code)) {
    const stored = specifier === importName ? undefined : deps.libraryCode.currentByImportName(specifier);
    if (stored) libraries.push({ importName: specifier, code: stored.code, versionId: stored.versionId });
  }
  const output = await deps.sandbox.transform({
    code: CALLER.replace('__IMPORT__', importName),
    name: HARNESS,
    libraries,
    events: [{ fn: request.function, args: request.args }],
  });
  const base = { logs: output.logs, durationMs: output.durationMs };
  const first = output.results[0];
  if (!first || first.error !== undefined) {
    return { ...base, ok: false, valueType: 'error', error: first?.error === undefined ? 'the call returned nothing' : withoutHarnessFrames(first.error), exports: [] };
  }
  const answer = first.output as { exports: string[]; kind: string; json?: string; missing?: boolean };
  if (answer.missing) {
    const listed = answer.exports.length > 0 ? `it exports ${answer.exports.join(', ')}` : 'it exports nothing';
    const what = answer.kind === 'undefined' ? 'is not exported' : `is a ${answer.kind}, not a function`;
    return { ...base, ok: false, valueType: 'error', error: `"${request.function}" ${what}: ${listed}`, exports: answer.exports };
  }
  return {
    ...base,
    ok: true,
    valueType: answer.kind,
    ...(answer.json === undefined ? {} : { value: JSON.parse(answer.json) as unknown }),
    exports: answer.exports,
  };
}
