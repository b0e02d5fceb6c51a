// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeLibrary, moduleExports } from './library-exports';
import { libraryImportName } from './import-name';

describe('moduleExports', () => {
  it('lists functions with parameters, values, specifiers and a default export', () => {
    const code = [
      '// Lower-cases an e-mail.',
      'export function normalize(value, fallback = "", ...rest) {}',
      'export const add = (a, b) => a + b;',
      'export const LIMIT = 3;',
      'const hidden = 1;',
      'export { hidden as shown };',
      'export default function () {}',
    ].join('\n');
    expect(moduleExports(code)).toEqual([
      { name: 'normalize', kind: 'function', params: ['value', 'fallback?', '...rest'], doc: 'Lower-cases an e-mail.' },
      { name: 'add', kind: 'function', params: ['a', 'b'], doc: undefined },
      { name: 'LIMIT', kind: 'value', params: [], doc: undefined },
      { name: 'shown', kind: 'value', params: [] },
      { name: 'default', kind: 'function', params: [] },
    ]);
  });

  it('leaves exports unknown when the library does not parse', () => {
    expect(describeLibrary({ name: 'Broken', importName: 'broken', code: 'export function (' })).toEqual({ name: 'Broken', importName: 'broken' });
  });
});

describe('libraryImportName', () => {
  it('is lodash camelCase, as the sandbox resolves imports', () => {
    expect(libraryImportName('User Defined Library4')).toBe('userDefinedLibrary4');
    expect(libraryImportName('Get Cube')).toBe('getCube');
    expect(libraryImportName('event-utils')).toBe('eventUtils');
  });
});

describe('parseModule cache', () => {
  it('parses a code once: the same tree for the same text, a new one for another, a syntax error thrown again', async () => {
    const { parseModule } = await import('./library-exports');
    const code = 'export function transformEvent(event) { return event; }';
    const tree = parseModule(code);
    expect(parseModule(code)).toBe(tree);
    expect(parseModule(`${code}\n`)).not.toBe(tree);
    const broken = 'export function (';
    let first: unknown;
    try {
      parseModule(broken);
    } catch (error) {
      first = error;
    }
    expect(first).toBeInstanceOf(SyntaxError);
    expect(() => parseModule(broken)).toThrow(first as Error);
    for (let i = 0; i < 40; i++) parseModule(`export const v${i} = ${i};`);
    expect(parseModule(code)).not.toBe(tree); // 32 kept: the oldest went
  });
});
