import type { SyntaxCheckResponse } from '../../shared/api/syntax-check';
import type { CodeProblem } from './code-analysis';

// One parser's words for a syntax error: the editor finds one as you type (acorn, in the
// browser), then says it as a run will (V8 in the sandbox, asked through the core), at the place
// the run names. The last answer is kept, so a lint pass and a save ask once per text.

export const isSyntaxProblem = (p: CodeProblem) => p.severity === 'error' && p.message.startsWith('Syntax error');

type Check = (code: string) => Promise<SyntaxCheckResponse>;
let last: { code: string; answer: Promise<SyntaxCheckResponse | undefined> } | undefined;

function ask(check: Check, code: string): Promise<SyntaxCheckResponse | undefined> {
  if (last?.code !== code) last = { code, answer: check(code).catch(() => undefined) };
  return last.answer;
}

/** Offset of a 1-based line and column in `code`. */
function offsetOf(code: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = code.indexOf('\n', at);
    if (next === -1) return code.length;
    at = next + 1;
  }
  return Math.min(code.length, at + column - 1);
}

/**
 * `problems` with the syntax error (if any) in the run's words and place. The run's parser has the
 * last word: when it compiles the code, the browser's syntax error goes; when the core cannot be
 * asked, the browser's stays.
 */
export async function inRunWords(check: Check, code: string, problems: CodeProblem[]): Promise<CodeProblem[]> {
  const syntax = problems.find(isSyntaxProblem);
  if (!syntax) return problems;
  const answer = await ask(check, code);
  if (!answer) return problems;
  const others = problems.filter((p) => p !== syntax);
  if (answer.ok) return others;
  const from = answer.line && answer.column ? offsetOf(code, answer.line, answer.column) : syntax.from;
  const run: CodeProblem = { from, to: Math.min(code.length, from + 1), severity: 'error', message: answer.message ?? syntax.message };
  return [run, ...others].sort((a, b) => a.from - b.from);
}
