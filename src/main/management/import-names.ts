import { createRequire } from 'node:module';
import { parse } from 'acorn';
import { LRUCache } from 'lru-cache';

const requireCjs = createRequire(import.meta.url);
const camelCase = requireCjs('lodash.camelcase') as (value: string) => string;

/** The import name of a library: lodash camelCase of its name ("Get Cube" → "getCube"). */
export const importNameOf = (name: string): string => camelCase(name);

interface Node {
  type: string;
  source?: { type: string; value?: unknown } | null;
  [key: string]: unknown;
}

/**
 * Imports of code already read, by code text, up to 4 M characters of code in all (least recently
 * asked first out): the background status sweeps ask about every latest and published version on
 * each write, mostly about code they have read before.
 */
const known = new LRUCache<string, readonly string[]>({ maxSize: 4 * 1024 * 1024, sizeCalculation: (_imports, code) => code.length + 1 });

/**
 * Module specifiers a piece of code imports (static imports, re-exports and literal dynamic
 * imports). Code that does not parse imports nothing here; the sandbox reports its syntax error.
 * Each answer is the caller's own list (library resolution takes names off it).
 */
export function importsOf(code: string): string[] {
  let found = known.get(code);
  if (!found) {
    found = parseImports(code);
    known.set(code, found);
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
