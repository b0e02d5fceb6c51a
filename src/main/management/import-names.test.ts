import { describe, expect, it } from 'vitest';
import { importNameOf, importsOf } from './import-names';

describe('import names', () => {
  it('are lodash camelCase of the library name', () => {
    expect(importNameOf('User Defined Library4')).toBe('userDefinedLibrary4');
    expect(importNameOf('Get Cube')).toBe('getCube');
    expect(importNameOf('Event Utils')).toBe('eventUtils');
    expect(importNameOf('__my-lib__')).toBe('myLib');
    expect(importNameOf('!!!')).toBe('');
  });

  it('finds static imports, re-exports and literal dynamic imports', () => {
    const code = `
      import { a } from "eventUtils";
      import * as b from 'getCube';
      export { c } from "reExported";
      export * from "starred";
      export async function transformEvent(e) { const m = await import("lazyLib"); return m.x(e); }
      const notAnImport = "fromString";
    `;
    expect(importsOf(code).sort()).toEqual(['eventUtils', 'getCube', 'lazyLib', 'reExported', 'starred']);
  });

  it('finds nothing in code that does not parse', () => {
    expect(importsOf('import { from "x"')).toEqual([]);
  });

  it('answers the same code the same way each time, a list the caller may change', () => {
    // Remembered by code text: library resolution takes names off the list it gets.
    const code = `import { a } from 'one';\nimport { b } from 'two';\nexport function transformEvent(e) { return e; }`;
    expect(importsOf(code)).toEqual(['one', 'two']);
    importsOf(code).splice(0);
    expect(importsOf(code)).toEqual(['one', 'two']);
    expect(importsOf(`${code}\n`)).toEqual(['one', 'two']);
    expect(importsOf(code.replace("'two'", "'three'"))).toEqual(['one', 'three']);
  });
});
