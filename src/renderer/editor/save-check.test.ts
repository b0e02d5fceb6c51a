// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { saveBlocker } from './save-check';

describe('saveBlocker', () => {
  it('refuses code that cannot compile or exports no handler, naming the line', () => {
    expect(saveBlocker('export function transformEvent(event) {\n  return event.;\n}\n', 'transformation')).toMatch(/^line 2: Syntax error/);
    expect(saveBlocker('function transformEvent(event) { return event; }\n', 'transformation')).toMatch(/not exported/);
    expect(saveBlocker('export const x = 1;\n', 'transformation')).toMatch(/Export a transformEvent/);
  });

  it('lets working code through, also with imports the studio does not know yet', () => {
    expect(saveBlocker("import { a } from 'unknownLib';\nexport function transformEvent(e) { return a(e); }\n", 'transformation')).toBeUndefined();
    expect(saveBlocker('export const x = 1;\n', 'library')).toBeUndefined();
  });
});
