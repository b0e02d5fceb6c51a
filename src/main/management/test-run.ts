import { badRequest } from '../errors';
import { firstTooDeep, nestedDeeperThan, tooDeepMessage } from '../collect/json-depth';
import { MAX_JSON_DEPTH } from '../collect/limits';
import type { LibraryCodeRepo } from '../store/library-code-repo';
import { importNameOf, importSpecifiers } from '../sandbox';
import type { TestRunError, TestRunRequest, TestRunResponse } from '../../shared/api/sandbox-test';
import type { Sandbox, SandboxLibrary, TransformOutput, TransformResult } from '../sandbox';

/**
 * The libraries a test run offers: those given by code first (import name = camelCase(name));
 * then the stored versions listed by id, or else, for each import the code makes that no given
 * library answers, the stored library's published version (else its latest).
 */
export function librariesForTest(request: TestRunRequest, stored: LibraryCodeRepo): SandboxLibrary[] {
  const offered = new Map<string, SandboxLibrary>();
  for (const library of request.libraries ?? []) {
    const importName = importNameOf(library.name);
    if (!importName) throw badRequest(`library name "${library.name}" has no letters or digits: it cannot be imported`);
    if (offered.has(importName)) throw badRequest(`two libraries have the import name "${importName}": give each library a distinct name`);
    offered.set(importName, { importName, code: library.code });
  }
  if (request.libraryVersionIds) {
    const { found, missing } = stored.versions(request.libraryVersionIds);
    if (missing.length > 0) throw badRequest(`library version not found: ${missing.join(', ')}`);
    for (const version of found) {
      if (!offered.has(version.importName)) offered.set(version.importName, { importName: version.importName, code: version.code, versionId: version.versionId });
    }
  } else {
    for (const specifier of importsOfCached(request.code)) {
      if (offered.has(specifier)) continue;
      const version = stored.currentByImportName(specifier);
      if (version) offered.set(specifier, { importName: specifier, code: version.code, versionId: version.versionId });
    }
  }
  return [...offered.values()];
}

// The bench re-runs the same code over and over: its imports are parsed (acorn) once.
const importsCache = new Map<string, string[]>();
function importsOfCached(code: string): string[] {
  let found = importsCache.get(code);
  if (found) return found;
  found = importSpecifiers(code);
  if (importsCache.size >= 32) importsCache.delete(importsCache.keys().next().value!);
  importsCache.set(code, found);
  return found;
}

/** `{ error }`, plus `metadata: { messageId }` when the failing input event had a messageId (nothing else of the metadata). */
function errorEntry(result: TransformResult, events: Record<string, unknown>[]): TestRunError {
  const messageId = result.index >= 0 ? events[result.index]?.messageId : undefined;
  return typeof messageId === 'string' && messageId !== '' ? { error: result.error!, metadata: { messageId } } : { error: result.error! };
}

/** What a test run needs: the sandbox and the published library code. */
export interface TestRunDeps {
  sandbox: Sandbox;
  libraryCode: LibraryCodeRepo;
}

/** The sandbox's input for a test run; `onResults` is told its results piece by piece. */
function testInput(deps: TestRunDeps, request: TestRunRequest, eventsSource?: string, onResults?: (results: TransformResult[]) => void) {
  // As the event API and saved test events: deeper events overflow a stack on their way. Only
  // the events nest deeper than 2 in a body (the body, `events`): its text is scanned, the
  // events walked only to name the one.
  const deep = eventsSource === undefined || nestedDeeperThan(eventsSource, MAX_JSON_DEPTH + 2) ? firstTooDeep(request.events) : -1;
  if (deep >= 0) throw badRequest(tooDeepMessage(deep));
  return {
    code: request.code,
    name: request.transformationName,
    libraries: librariesForTest(request, deps.libraryCode),
    events: request.events,
    eventsSource,
    metadata: request.context ? request.events.map(() => request.context!) : undefined,
    credentials: request.credentials,
    onResults,
  };
}

/** Runs a test of unsaved code: per-event errors stay inside the answer; fatal errors throw. */
export async function runTest(deps: TestRunDeps, request: TestRunRequest): Promise<TestRunResponse> {
  return testResponse(await deps.sandbox.transform(testInput(deps, request)), request.events);
}

/**
 * runTest's answer as its JSON text. `eventsSource`: the text the request was parsed from (the
 * events go to the sandbox as they came). The outputs of a large answer are written out part by
 * part while the isolate still writes the next parts, not all at the end.
 */
export async function runTestJson(deps: TestRunDeps, request: TestRunRequest, eventsSource?: string): Promise<string> {
  const texts: string[] = [];
  let told = 0;
  const output = await deps.sandbox.transform(
    testInput(deps, request, eventsSource, (results) => {
      told += results.length;
      if (results.length > 0) texts.push(JSON.stringify(transformedEvents(results, request.events)).slice(1, -1));
    }),
  );
  // (Told otherwise than the results, it writes them all now.)
  const outputs = told === output.results.length ? texts.join(',') : JSON.stringify(transformedEvents(output.results, request.events)).slice(1, -1);
  return `{"transformedEvents":[${outputs}],${JSON.stringify(responseTail(output)).slice(1)}`;
}

const transformedEvents = (results: TransformResult[], events: Record<string, unknown>[]) =>
  results.map((result) => (result.error !== undefined ? errorEntry(result, events) : result.output!));

/** A run's output over `events` as the test bench shows it (the debugger's result too). */
export function testResponse(output: Pick<TransformOutput, 'results' | 'logs' | 'logEvents' | 'durationMs' | 'network'>, events: Record<string, unknown>[]): TestRunResponse {
  return { transformedEvents: transformedEvents(output.results, events), ...responseTail(output) };
}

/** A test run's answer after its transformedEvents, in the answer's key order. */
function responseTail(output: Pick<TransformOutput, 'results' | 'logs' | 'logEvents' | 'durationMs' | 'network'>): Omit<TestRunResponse, 'transformedEvents'> {
  return {
    inputIndexes: output.results.map((result) => result.index),
    logs: output.logs,
    ...(output.logEvents && output.logEvents.some((owner) => owner >= 0) ? { logEvents: output.logEvents } : {}),
    durationMs: output.durationMs,
    ...(output.network ? { network: output.network } : {}),
  };
}
