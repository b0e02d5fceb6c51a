import { createRequire } from 'node:module';
import { parse } from 'acorn';

const requireCjs = createRequire(import.meta.url);
const camelCase = requireCjs('lodash.camelcase') as (value: string) => string;

/** A library's import name: lodash camelCase of its name ("Event Utils" → "eventUtils"). */
export const importNameOf = (name: string): string => camelCase(name);

/**
 * The module specifiers a module imports (import and re-export declarations). Code that does
 * not parse imports nothing here: the sandbox reports its syntax error when it compiles it.
 */
export function importSpecifiers(code: string): string[] {
  let program: { body: Array<{ type: string; source?: { value?: unknown } | null }> };
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true, allowHashBang: true }) as never;
  } catch {
    return [];
  }
  const found = new Set<string>();
  for (const node of program.body) {
    if (node.type !== 'ImportDeclaration' && node.type !== 'ExportAllDeclaration' && node.type !== 'ExportNamedDeclaration') continue;
    if (typeof node.source?.value === 'string') found.add(node.source.value);
  }
  return [...found];
}
