// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analyseCode, importedNames } from './code-analysis';
import { describeLibrary } from './library-exports';
import { analyseCode as analyse, type AnalysisOptions } from './code-analysis';

// The shared fixture library "Event Utils" (its three exports).
const EVENT_UTILS = `
export function normalizeEmail(value) { return String(value).trim().toLowerCase(); }
export function maskEmail(value) { const [l, d] = normalizeEmail(value).split('@'); return l[0] + '***@' + d; }
export function titleCase(value) { return String(value); }
`;

const eventUtils = describeLibrary({
  name: 'Event Utils',
  importName: 'eventUtils',
  code: EVENT_UTILS,
});
const options: AnalysisOptions = { kind: 'transformation', libraries: [eventUtils] };

function messages(code: string, opts: AnalysisOptions = options) {
  return analyse(code, opts).map((p) => `${p.severity}@${p.from}-${p.to}: ${p.message}`);
}

describe('analyseCode', () => {
  it('accepts a transformation with one handler and a known import', () => {
    const code = `import { maskEmail } from 'eventUtils';\nexport function transformEvent(event) { return event; }\n`;
    expect(analyseCode(code, options)).toEqual([]);
  });

  it('reports a syntax error at its position without acorn\'s (line:col) suffix', () => {
    const code = 'export function transformEvent(event) {\n  return event.;\n}\n';
    const [problem, ...rest] = analyseCode(code, options);
    expect(rest).toEqual([]);
    expect(problem!.severity).toBe('error');
    expect(problem!.message).toMatch(/^Syntax error: Unexpected token$/);
    expect(code.slice(0, problem!.from).split('\n').length).toBe(2);
  });

  it('reports a missing handler naming what the module exports', () => {
    const [problem] = analyseCode('export function handle(e) { return e; }', options);
    expect(problem!.message).toContain('Expected one of transformEvent,transformBatch. Found handle.');
    expect(analyseCode('const x = 1;', options)[0]!.message).toContain('Found no exports.');
  });

  it('points at a handler that is declared but not exported', () => {
    const code = 'function transformEvent(e) { return e; }';
    const [problem] = analyseCode(code, options);
    expect(problem!.message).toContain('declared but not exported');
    expect(code.slice(problem!.from, problem!.to)).toBe('transformEvent');
  });

  it('reports both handlers on the second one', () => {
    const code = 'export function transformEvent(e) { return e; }\nexport const transformBatch = (es) => es;';
    const problems = analyseCode(code, options);
    expect(problems).toHaveLength(1);
    expect(code.slice(problems[0]!.from, problems[0]!.to)).toBe('transformBatch');
    expect(problems[0]!.message).toContain('transformEvent and transformBatch');
  });

  it('reports a doubled export of the same handler (a syntax error in a module)', () => {
    const code = 'export function transformEvent(e) { return e; }\nexport { transformEvent };';
    expect(messages(code)[0]).toMatch(/Duplicate export 'transformEvent'/);
  });

  it('reports an import matching no library at the module name, with a suggestion', () => {
    const code = `import { maskEmail } from 'event-utils';\nexport function transformEvent(e) { return e; }`;
    const [problem] = analyseCode(code, options);
    expect(code.slice(problem!.from, problem!.to)).toBe(`'event-utils'`);
    expect(problem!.message).toBe('import from "event-utils" failed. Module not found. Did you mean "eventUtils" (library "Event Utils")?');
    const none = analyseCode(code, { ...options, libraries: [] })[0]!;
    expect(none.message).toContain('Create a library first');
  });

  it('suggests the library a typo away', () => {
    const code = `import { maskEmail } from 'eventUtilz';\nexport function transformEvent(e) { return e; }`;
    expect(analyseCode(code, options)[0]!.message).toContain('Did you mean "eventUtils"');
    const far = `import { maskEmail } from 'somethingElse';\nexport function transformEvent(e) { return e; }`;
    expect(analyseCode(far, options)[0]!.message).toContain('Known import names: eventUtils.');
  });

  it('reports an imported name the library does not export', () => {
    const code = `import { maskEmail, nope } from 'eventUtils';\nexport function transformEvent(e) { return e; }`;
    const problems = analyseCode(code, options);
    expect(problems).toHaveLength(1);
    expect(code.slice(problems[0]!.from, problems[0]!.to)).toBe('nope');
    expect(problems[0]!.message).toContain('It exports: normalizeEmail, maskEmail, titleCase');
  });

  it('checks libraries for syntax and imports but not for handlers', () => {
    const lib: AnalysisOptions = { kind: 'library', libraries: [eventUtils], selfImportName: 'eventUtils' };
    expect(analyseCode('export const x = 1;', lib)).toEqual([]);
    expect(messages(`import { a } from 'eventUtils';`, lib)[0]).toContain('cannot import itself');
  });

  it('warns about the hosted built-in libraries', () => {
    const code = `import { x } from '@rs/hash/v1';\nexport function transformEvent(e) { return e; }`;
    expect(analyseCode(code, options)[0]!.severity).toBe('warning');
  });
});

describe('importedNames', () => {
  it('lists import sources, also for code that does not parse', () => {
    expect(importedNames(`import a from 'x';\nimport { b } from "y";`)).toEqual(['x', 'y']);
    expect(importedNames(`import { b } from "y";\nexport function (`)).toEqual(['y']);
  });
});
