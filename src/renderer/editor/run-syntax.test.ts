import { describe, expect, it } from 'vitest';
import { analyseCode } from './code-analysis';
import { inRunWords } from './run-syntax';

// The editor's syntax problem in the run's words (the check stands in for the core's answer).

const code = 'export function transformEvent(event) {\n  const total = 1 2;\n  return event;\n}\n';
const problems = () => analyseCode(code, { kind: 'transformation', libraries: [] });

describe('inRunWords', () => {
  it("replaces the browser parser's message and place with the run's", async () => {
    const asked: string[] = [];
    const out = await inRunWords(async (c) => (asked.push(c), { ok: false, message: 'SyntaxError: Unexpected number', line: 2, column: 19 }), code, problems());
    expect(out).toEqual([{ from: code.indexOf('2;'), to: code.indexOf('2;') + 1, severity: 'error', message: 'SyntaxError: Unexpected number' }]);
    expect(asked).toEqual([code]);
  });

  it("drops the browser's syntax error when the run's parser compiles the code", async () => {
    const other = 'export function transformEvent(event) {\n  const total = 1 3;\n}\n';
    const found = analyseCode(other, { kind: 'transformation', libraries: [] });
    expect(found.some((p) => p.message.startsWith('Syntax error'))).toBe(true);
    expect(await inRunWords(async () => ({ ok: true }), other, found)).toEqual([]);
  });

  it("keeps the browser's problem when the core cannot be asked, and asks nothing without a syntax error", async () => {
    const third = 'export function transformEvent(event) {\n  const total = 1 4;\n}\n';
    const found = analyseCode(third, { kind: 'transformation', libraries: [] });
    expect(await inRunWords(() => Promise.reject(new Error('offline')), third, found)).toEqual(found);
    let asked = false;
    const fine = 'export function transformEvent(event) { return event; }';
    await inRunWords(async () => ((asked = true), { ok: true }), fine, analyseCode(fine, { kind: 'transformation', libraries: [] }));
    expect(asked).toBe(false);
  });
});
