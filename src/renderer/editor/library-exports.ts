import { parse, type Node, type Pattern, type Program } from 'acorn';

/** One name a module exports, with the parameters when it is a function. */
export interface ExportInfo {
  name: string;
  kind: 'function' | 'class' | 'value';
  params: string[];
  /** The leading line comment(s) right above the export, used as a short doc. */
  doc?: string;
}

/** What the editor knows about a library for diagnostics and completion. */
export interface LibraryInfo {
  name: string;
  importName: string;
  /** Undefined when the library's code does not parse (its exports are unknown). */
  exports?: ExportInfo[];
}

// Parsed modules by their code (a version's code is its key): one lint pass parsed the same text
// twice (code analysis, event paths), a save parsed it again, and every refresh of the workspace
// parsed every library. The trees are only read. A syntax error is kept and thrown again.
const PARSED_KEPT = 32;
const parsed = new Map<string, Program | SyntaxError>();

/** The module's syntax tree (cached by code; do not change it). Throws acorn's SyntaxError. */
export function parseModule(code: string): Program {
  let tree = parsed.get(code);
  if (tree) {
    parsed.delete(code); // most recently used last
  } else {
    try {
      tree = parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true });
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      tree = error;
    }
    if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  }
  parsed.set(code, tree);
  if (tree instanceof SyntaxError) throw tree;
  return tree;
}

function patternText(pattern: Pattern, code: string): string {
  if (pattern.type === 'Identifier') return pattern.name;
  if (pattern.type === 'AssignmentPattern' && pattern.left.type === 'Identifier') return `${pattern.left.name}?`;
  if (pattern.type === 'RestElement' && pattern.argument.type === 'Identifier') return `...${pattern.argument.name}`;
  return code.slice(pattern.start, pattern.end);
}

function leadingComment(code: string, start: number): string | undefined {
  const lines = code.slice(0, start).split('\n');
  lines.pop();
  const doc: string[] = [];
  while (lines.length > 0) {
    const line = lines.pop()!.trim();
    if (!line.startsWith('//')) break;
    doc.unshift(line.replace(/^\/\/\s?/, ''));
  }
  return doc.length > 0 ? doc.join(' ') : undefined;
}

function exportedName(node: Node & { name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? node.name! : String(node.value);
}

/** Names exported by an ES module (functions with their parameters). Throws on a syntax error. */
export function moduleExports(code: string): ExportInfo[] {
  const program = parseModule(code);
  const result: ExportInfo[] = [];
  for (const statement of program.body) {
    if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration;
      const doc = leadingComment(code, statement.start);
      if (declaration?.type === 'FunctionDeclaration') {
        result.push({ name: declaration.id.name, kind: 'function', params: declaration.params.map((p) => patternText(p, code)), doc });
      } else if (declaration?.type === 'ClassDeclaration') {
        result.push({ name: declaration.id.name, kind: 'class', params: [], doc });
      } else if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations) {
          if (declarator.id.type !== 'Identifier') continue;
          const init = declarator.init;
          const isFunction = init?.type === 'ArrowFunctionExpression' || init?.type === 'FunctionExpression';
          result.push({
            name: declarator.id.name,
            kind: isFunction ? 'function' : 'value',
            params: isFunction ? init.params.map((p) => patternText(p, code)) : [],
            doc,
          });
        }
      }
      for (const specifier of statement.specifiers) result.push({ name: exportedName(specifier.exported), kind: 'value', params: [] });
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration;
      const isFunction = declaration.type === 'FunctionDeclaration' || declaration.type === 'ArrowFunctionExpression' || declaration.type === 'FunctionExpression';
      result.push({ name: 'default', kind: isFunction ? 'function' : 'value', params: isFunction ? declaration.params.map((p) => patternText(p, code)) : [] });
    }
  }
  return result;
}

/** Library facts for the editor; a library whose code does not parse has unknown exports. */
export function describeLibrary(library: { name: string; importName: string; code: string }): LibraryInfo {
  try {
    return { name: library.name, importName: library.importName, exports: moduleExports(library.code) };
  } catch {
    return { name: library.name, importName: library.importName };
  }
}
