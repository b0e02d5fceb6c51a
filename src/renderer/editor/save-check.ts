import type { SyntaxCheckResponse } from '../../shared/api/syntax-check';
import { analyseCode, type CodeProblem } from './code-analysis';
import { inRunWords } from './run-syntax';

const BLOCKING = /^(Syntax ?error|Export |.+ is declared but not exported)/i;

function blocker(code: string, problems: CodeProblem[]): string | undefined {
  const problem = problems.find((p) => p.severity === 'error' && BLOCKING.test(p.message));
  if (!problem) return undefined;
  const line = code.slice(0, problem.from).split('\n').length;
  return `line ${line}: ${problem.message}`;
}

/**
 * Problems that make a version useless (it cannot compile, or exports no handler): saving is
 * refused with this text ("line 3: Syntax error: …"), or undefined when the code may be saved.
 */
export function saveBlocker(code: string, kind: 'transformation' | 'library'): string | undefined {
  return blocker(code, analyseCode(code, { kind, libraries: [] }));
}

/** saveBlocker with a syntax error in the run's words ("line 2: SyntaxError: Unexpected number"), as the editor shows it. */
export async function saveBlockerInRunWords(code: string, kind: 'transformation' | 'library', check: (code: string) => Promise<SyntaxCheckResponse>): Promise<string | undefined> {
  return blocker(code, await inRunWords(check, code, analyseCode(code, { kind, libraries: [] })));
}
