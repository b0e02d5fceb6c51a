import { createRequire } from 'node:module';
import { parse } from 'acorn';

const requireCjs = createRequire(import.meta.url);
const camelCase = requireCjs('lodash.camelcase') as (value: string) => string;

/** The import name of a library: lodash camelCase of its name ("Get Cube" → "getCube"). */
export const importNameOf = (name: string): string => camelCase(name);

interface Node {
  type: string;
  source?: { type: string; value?: unknown } | null;
  [key: string]: unknown;
}

/** Code texts whose imports were read, most recently asked last, and their characters in all. */
const known = new Map<string, readonly string[]>();
let knownChars = 0;
const KNOWN_CHARS = 4 * 1024 * 1024;

/**
 * Module specifiers a piece of code imports (static imports, re-exports and literal dynamic
 * imports). Code that does not parse imports nothing here; the sandbox reports its syntax error.
 * Remembered by code text (up to 4 M characters of code): the background status sweeps ask about
 * every latest and published version on each write, mostly about code they have already read.
 */
export function importsOf(code: string): string[] {
  const kept = known.get(code);
  if (kept) {
    known.delete(code);
    known.set(code, kept);
    return [...kept];
  }
  const found = parseImports(code);
  if (code.length <= KNOWN_CHARS) {
    known.set(code, found);
    knownChars += code.length;
    for (const [oldest] of known) {
      if (knownChars <= KNOWN_CHARS) break;
      known.delete(oldest);
      knownChars -= oldest.length;
    }
  }
  return [...found];
}

function parseImports(code: string): string[] {
  let program: unknown;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true, allowHashBang: true });
  } catch {
    return [];
  }
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    if (typeof node.type === 'string') {
      const importing =
        node.type === 'ImportDeclaration' ||
        node.type === 'ExportAllDeclaration' ||
        node.type === 'ExportNamedDeclaration' ||
        node.type === 'ImportExpression';
      if (importing && node.source?.type === 'Literal' && typeof node.source.value === 'string') found.add(node.source.value);
    }
    for (const key of Object.keys(node)) {
      if (key !== 'type' && key !== 'start' && key !== 'end' && key !== 'loc') visit(node[key]);
    }
  };
  visit(program);
  return [...found];
}
