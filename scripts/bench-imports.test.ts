import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The benches are not run by the suite, so a file moved under them goes unnoticed until someone
// measures (bench/schema.mjs imported a source-hooks.mjs that had moved to another room). Every
// relative module a bench names (static import, side-effect import, import() of a literal) exists.

const root = join(__dirname, '..');
const benches = ['bench', 'bench/lib'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => join(root, dir, name)),
);
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;

function relativeImports(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => match[2]!);
}

describe('bench imports', () => {
  it('reads the three forms of import', () => {
    expect(relativeImports("import a from './a.mjs';\nimport '../b.mjs';\nconst c = await import('../c.ts');\nimport x from 'node:fs';")).toEqual(['./a.mjs', '../b.mjs', '../c.ts']);
  });

  it('every relative module a bench imports exists', () => {
    expect(benches.length).toBeGreaterThan(5);
    const missing = benches.flatMap((file) =>
      relativeImports(readFileSync(file, 'utf8'))
        .filter((specifier) => !existsSync(resolve(dirname(file), specifier)))
        .map((specifier) => `${relative(root, file)}: ${specifier}`),
    );
    expect(missing).toEqual([]);
  });
});
