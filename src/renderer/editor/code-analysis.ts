import type { ImportDeclaration, Program } from 'acorn';
import { parseModule, type LibraryInfo } from './library-exports';
import { libraryImportName } from './import-name';

/** A problem found while typing; positions are offsets in the document. */
export interface CodeProblem {
  from: number;
  to: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface AnalysisOptions {
  /** A transformation must export exactly one handler; a library need not. */
  kind: 'transformation' | 'library';
  libraries: LibraryInfo[];
  /** Import name of the library being edited (it cannot import itself). */
  selfImportName?: string;
}

const HANDLERS = ['transformEvent', 'transformBatch'] as const;
const BUILT_IN = /^@rs\/[^/]+\/v\d+$/;

/** The syntax error of `code` as a problem, or the parsed program. */
function parseOrProblem(code: string): { program: Program } | { problem: CodeProblem } {
  try {
    return { program: parseModule(code) };
  } catch (error) {
    const e = error as SyntaxError & { pos?: number; raisedAt?: number };
    const pos = Math.min(e.pos ?? 0, code.length);
    const end = Math.min(Math.max(pos + 1, e.raisedAt ?? pos), code.length);
    const message = `Syntax error: ${e.message.replace(/\s*\(\d+:\d+\)$/, '')}`;
    return { problem: { from: pos, to: end, severity: 'error', message } };
  }
}

function endOfFirstLine(code: string): number {
  const newline = code.indexOf('\n');
  return newline === -1 ? code.length : newline;
}

/** Handler exports: none or both is what the sandbox rejects ("Expected one of …"). */
function handlerProblems(program: Program, code: string): CodeProblem[] {
  const exported: Array<{ name: string; from: number; to: number }> = [];
  const allExports: string[] = [];
  const declaredOnly = new Map<string, { from: number; to: number }>();
  for (const statement of program.body) {
    if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration;
      const names: Array<{ name: string; from: number; to: number }> = [];
      if (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') {
        names.push({ name: declaration.id.name, from: declaration.id.start, to: declaration.id.end });
      } else if (declaration?.type === 'VariableDeclaration') {
        for (const d of declaration.declarations) if (d.id.type === 'Identifier') names.push({ name: d.id.name, from: d.id.start, to: d.id.end });
      }
      for (const s of statement.specifiers) {
        const name = s.exported.type === 'Identifier' ? s.exported.name : String(s.exported.value);
        names.push({ name, from: s.exported.start, to: s.exported.end });
      }
      for (const n of names) {
        allExports.push(n.name);
        if ((HANDLERS as readonly string[]).includes(n.name)) exported.push(n);
      }
    } else if (statement.type === 'ExportDefaultDeclaration') {
      allExports.push('default');
    } else if (statement.type === 'FunctionDeclaration' && (HANDLERS as readonly string[]).includes(statement.id.name)) {
      declaredOnly.set(statement.id.name, { from: statement.id.start, to: statement.id.end });
    }
  }
  if (exported.length === 1) return [];
  if (exported.length === 0) {
    const notExported = [...declaredOnly.entries()][0];
    if (notExported) {
      return [{ ...notExported[1], severity: 'error', message: `${notExported[0]} is declared but not exported: write "export function ${notExported[0]}(…)".` }];
    }
    const found = allExports.length > 0 ? allExports.join(',') : 'no exports';
    return [{
      from: 0,
      to: endOfFirstLine(code),
      severity: 'error',
      message: `Export a transformEvent(event, metadata) or a transformBatch(events, metadata) function. Expected one of transformEvent,transformBatch. Found ${found}.`,
    }];
  }
  return exported.slice(1).map((n) => ({
    from: n.from,
    to: n.to,
    severity: 'error' as const,
    message: `Export only one of transformEvent or transformBatch: this module exports ${exported.map((e) => e.name).join(' and ')}.`,
  }));
}

/** Levenshtein distance (small strings: import names). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The library the user probably meant: same camelCase, same name, or a typo away. */
function closestLibrary(source: string, libraries: LibraryInfo[]): LibraryInfo | undefined {
  const wanted = libraryImportName(source).toLowerCase();
  const exact = libraries.find((l) => l.importName.toLowerCase() === wanted || l.name.toLowerCase() === source.toLowerCase());
  if (exact) return exact;
  const scored = libraries
    .map((l) => ({ l, d: editDistance(l.importName.toLowerCase(), source.toLowerCase()) }))
    .filter(({ l, d }) => d <= Math.max(1, Math.floor(l.importName.length / 4)))
    .sort((x, y) => x.d - y.d);
  return scored[0]?.l;
}

function importProblems(node: ImportDeclaration, options: AnalysisOptions): CodeProblem[] {
  const source = String(node.source.value);
  const at = { from: node.source.start, to: node.source.end };
  if (BUILT_IN.test(source)) {
    return [{ ...at, severity: 'warning', message: `"${source}" is a built-in library of the hosted service; this studio cannot run it, so tests here will fail.` }];
  }
  if (options.selfImportName && source === options.selfImportName) {
    return [{ ...at, severity: 'error', message: `A library cannot import itself ("${source}").` }];
  }
  const library = options.libraries.find((l) => l.importName === source);
  if (!library) {
    const close = closestLibrary(source, options.libraries);
    const hint = close
      ? ` Did you mean "${close.importName}" (library "${close.name}")?`
      : options.libraries.length > 0
        ? ` Known import names: ${options.libraries.map((l) => l.importName).join(', ')}.`
        : ' Create a library first; its import name is the camelCase of its name.';
    return [{ ...at, severity: 'error', message: `import from "${source}" failed. Module not found.${hint}` }];
  }
  if (!library.exports) return [];
  const names = new Set(library.exports.map((e) => e.name));
  const problems: CodeProblem[] = [];
  for (const specifier of node.specifiers) {
    if (specifier.type === 'ImportNamespaceSpecifier') continue;
    const imported = specifier.type === 'ImportDefaultSpecifier'
      ? 'default'
      : specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
    if (names.has(imported)) continue;
    const available = library.exports.map((e) => e.name).join(', ') || 'nothing';
    problems.push({
      from: specifier.start,
      to: specifier.end,
      severity: 'error',
      message: `Library "${library.importName}" has no export named "${imported}". It exports: ${available}.`,
    });
  }
  return problems;
}

/** Problems the sandbox would report, found while typing: syntax, handler exports, imports. */
export function analyseCode(code: string, options: AnalysisOptions): CodeProblem[] {
  const parsed = parseOrProblem(code);
  if ('problem' in parsed) return [parsed.problem];
  const problems: CodeProblem[] = [];
  if (options.kind === 'transformation') problems.push(...handlerProblems(parsed.program, code));
  for (const statement of parsed.program.body) {
    if (statement.type === 'ImportDeclaration') problems.push(...importProblems(statement, options));
  }
  return problems.sort((a, b) => a.from - b.from);
}

/** Import names a module imports (static `import … from "x"` only). */
export function importedNames(code: string): string[] {
  try {
    const program = parseModule(code);
    return program.body.filter((s): s is ImportDeclaration => s.type === 'ImportDeclaration').map((s) => String(s.source.value));
  } catch {
    // Unparseable code: fall back to a pattern so "used by" still works while a file is broken.
    return [...code.matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  }
}
