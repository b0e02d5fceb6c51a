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

/**
 * Module specifiers a piece of code imports (static imports, re-exports and literal dynamic
 * imports). Code that does not parse imports nothing here; the sandbox reports its syntax error.
 */
export function importsOf(code: string): string[] {
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
