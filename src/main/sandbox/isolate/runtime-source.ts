import type { RuntimeLimits } from '../protocol/messages';
import { LOG_LIMITS } from '../host/log';
import { SUPPORTED_FUNCTIONS } from '../errors';
// The in-isolate runtime: plain JavaScript files (runtime/*.js, linted and type-checked with
// // @ts-check), loaded as text at build time and evaluated in one closure, in this order (each
// file declares functions the last one, runtime.js, calls).
import intrinsics from './runtime/intrinsics.js?raw';
import lists from './runtime/lists.js?raw';
import hostCalls from './runtime/host-calls.js?raw';
import globals from './runtime/globals.js?raw';
import answer from './runtime/answer.js?raw';
import metadata from './runtime/metadata.js?raw';
import runtime from './runtime/runtime.js?raw';
import boundedBuffers from './runtime/bounded-buffers.js?raw';
import prelude from './runtime/prelude.js?raw';

export const RUNTIME_FILENAME = 'sandbox runtime';

/** An answer in parts has at most this many pieces (the last one is the answer itself)... */
export const ANSWER_PARTS = 4;
/** ...of at least this many entries: a smaller answer comes whole. */
export const MIN_PART_ENTRIES = 25;

/**
 * The files without their whole-line comments (JSDoc and // lines): every new isolate parses this
 * text, and the comments are most of it. The files have no multi-line strings or templates, so a
 * line that starts a comment is one.
 */
export function withoutCommentLines(text: string): string {
  const kept: string[] = [];
  let inBlock = false;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (inBlock) {
      if (trimmed.endsWith('*/')) inBlock = false;
      continue;
    }
    if (trimmed.startsWith('/*')) {
      inBlock = !trimmed.endsWith('*/');
      continue;
    }
    if (trimmed.startsWith('//') || trimmed === '') continue;
    kept.push(line);
  }
  return kept.join('\n');
}

const FILES = withoutCommentLines([intrinsics, lists, hostCalls, globals, answer, metadata, runtime].join('\n'));
const PRELUDE_FILES = withoutCommentLines([boundedBuffers, prelude].join('\n'));

/**
 * Source of the script every new context runs first (runtime/prelude.js): removes the globals
 * `removed`, counts the buffers V8 does not against `memoryLimitMb` (runtime/bounded-buffers.js).
 * Nothing it defines is left on the global object.
 */
export function preludeSource(memoryLimitMb: number, removed: readonly string[]): string {
  return `(function () {\n${PRELUDE_FILES}\nprelude(globalThis, ${JSON.stringify(memoryLimitMb)}, ${JSON.stringify(removed)});\n})();`;
}

/**
 * Source of a script whose value is `(hostStart, hostCredential, hostPart) => entry`: compiled once
 * per isolate, run in each new context of it and called there (realm.ts).
 */
export function runtimeSource(limits: RuntimeLimits): string {
  const config = { ...limits, answerParts: ANSWER_PARTS, minPartEntries: MIN_PART_ENTRIES, maxLogLines: LOG_LIMITS.maxLines, maxLogChars: LOG_LIMITS.maxChars, functions: SUPPORTED_FUNCTIONS };
  return `(function ($0, $1, $2) { 'use strict';\n${FILES}\nreturn createRuntime($0, $1, $2, ${JSON.stringify(config)});\n})`;
}
