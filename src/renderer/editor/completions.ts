import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import { completionSpotAt, namespaceImports } from './completion-context';
import type { ExportInfo, LibraryInfo } from './library-exports';
import { SANDBOX_GLOBALS } from './sandbox-globals';

function exportOption(item: ExportInfo, library: LibraryInfo, boost = 0): Completion {
  const signature = item.kind === 'function' ? `${item.name}(${item.params.join(', ')})` : item.name;
  return {
    label: item.name,
    type: item.kind === 'function' ? 'function' : item.kind === 'class' ? 'class' : 'variable',
    detail: `from ${library.importName}`,
    info: item.doc ? `${signature}\n\n${item.doc}` : signature,
    boost,
  };
}

function libraryOption(library: LibraryInfo): Completion {
  const names = library.exports?.map((e) => e.name).join(', ');
  return {
    label: library.importName,
    type: 'namespace',
    detail: `library "${library.name}"`,
    info: names ? `Exports: ${names}` : 'Its exports are unknown until its code parses.',
    boost: 10,
  };
}

const GLOBAL_OPTIONS: Completion[] = SANDBOX_GLOBALS.map((g) => ({
  label: g.name,
  type: 'function',
  detail: 'sandbox global',
  info: `${g.signature}\n\n${g.doc}`,
  boost: 5,
}));

const QUIET_NODES = new Set(['LineComment', 'BlockComment', 'String', 'TemplateString', 'RegExp']);

/** Completion of library import names, their exports, and the sandbox globals. */
export function studioCompletions(libraries: LibraryInfo[]): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const { state, pos } = context;
    const before = state.sliceDoc(Math.max(0, pos - 600), pos);
    const after = state.sliceDoc(pos, Math.min(state.doc.length, pos + 600));
    const spot = completionSpotAt(before, after, pos, context.explicit);
    if (!spot) return null;
    switch (spot.kind) {
      case 'import-source':
        return { from: spot.from, options: libraries.map(libraryOption), validFor: /^[\w$@/.-]*$/ };
      case 'import-names': {
        const targets = spot.source ? libraries.filter((l) => l.importName === spot.source) : libraries;
        const options = targets.flatMap((l) => (l.exports ?? []).filter((e) => e.name !== 'default').map((e) => exportOption(e, l)));
        return options.length > 0 ? { from: spot.from, options, validFor: /^[\w$]*$/ } : null;
      }
      case 'member': {
        const importName = namespaceImports(state.doc.toString()).get(spot.object);
        const library = libraries.find((l) => l.importName === importName);
        if (!library?.exports) return null;
        return { from: spot.from, options: library.exports.map((e) => exportOption(e, library)), validFor: /^[\w$]*$/ };
      }
      case 'identifier': {
        const node = syntaxTree(state).resolveInner(pos, -1);
        if (QUIET_NODES.has(node.name) || node.name === 'PropertyName' || node.name === 'VariableDefinition') return null;
        return { from: spot.from, options: GLOBAL_OPTIONS, validFor: /^[\w$]*$/ };
      }
    }
  };
}
