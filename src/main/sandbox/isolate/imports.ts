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

/**
 * isolated-vm hands the module resolver a specifier whose UTF-8 bytes were read as Latin-1
 * ("überLib" arrives as "Ã¼berLib"); this undoes that when it is what happened.
 */
export function decodeSpecifier(specifier: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\u0080-\u00ff]/.test(specifier) || /[^\u0000-\u00ff]/.test(specifier)) return specifier;
  const decoded = Buffer.from(specifier, 'latin1').toString('utf8');
  return decoded.includes('\ufffd') ? specifier : decoded;
}
