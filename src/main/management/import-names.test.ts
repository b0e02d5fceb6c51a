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
});
