/** Where completion is asked for, decided from the text around the cursor (pure, testable). */
export type CompletionSpot =
  | { kind: 'import-source'; from: number }
  | { kind: 'import-names'; from: number; source?: string }
  | { kind: 'member'; from: number; object: string }
  | { kind: 'identifier'; from: number };

/**
 * `before` is the document up to the cursor, `after` what follows it; `offset` is the cursor's
 * position in the document. Only the last few hundred characters matter.
 */
export function completionSpotAt(before: string, after: string, offset: number, explicit = false): CompletionSpot | null {
  const tail = before.slice(-600);
  const source = /\b(?:from|import)\s*(['"])([\w@/$.-]*)$/.exec(tail);
  if (source) return { kind: 'import-source', from: offset - source[2]!.length };

  const lastImport = tail.lastIndexOf('import');
  if (lastImport !== -1) {
    const names = /^import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)$/.exec(tail.slice(lastImport));
    if (names) {
      const word = /[\w$]*$/.exec(names[1]!)![0];
      const target = /^[\w$\s,]*\}\s*from\s*['"]([^'"]+)['"]/.exec(after.slice(0, 600));
      return { kind: 'import-names', from: offset - word.length, source: target?.[1] };
    }
  }

  const member = /([\w$]+)\s*\.\s*([\w$]*)$/.exec(tail);
  if (member) return { kind: 'member', from: offset - member[2]!.length, object: member[1]! };

  const word = /[\w$]+$/.exec(tail);
  if (word) {
    if (/\d/.test(word[0][0]!)) return null;
    return { kind: 'identifier', from: offset - word[0].length };
  }
  return explicit ? { kind: 'identifier', from: offset } : null;
}

/** `import * as ns from "lib"` bindings: namespace → import name. */
export function namespaceImports(code: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const match of code.matchAll(/import\s*\*\s*as\s+([\w$]+)\s+from\s*['"]([^'"]+)['"]/g)) result.set(match[1]!, match[2]!);
  return result;
}
