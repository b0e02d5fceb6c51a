// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analyseCode } from '../../editor/code-analysis';
import { describeLibrary } from '../../editor/library-exports';
import { LIBRARY_STARTER, TEMPLATES } from './templates';

const library = describeLibrary({ name: 'Event Utils', importName: 'eventUtils', code: 'export function titleCase(v) { return v; }' });

describe('templates', () => {
  it.each(TEMPLATES.map((t) => [t.id, t] as const))('%s gives code without problems', (_id, template) => {
    expect(analyseCode(template.code(library), { kind: 'transformation', libraries: [library] })).toEqual([]);
  });

  it('imports the chosen library and one of its functions', () => {
    const code = TEMPLATES.find((t) => t.id === 'enrich')!.code(library);
    expect(code).toContain(`import { titleCase } from 'eventUtils';`);
  });

  it('the library starter is a valid library', () => {
    expect(analyseCode(LIBRARY_STARTER, { kind: 'library', libraries: [] })).toEqual([]);
  });
});
