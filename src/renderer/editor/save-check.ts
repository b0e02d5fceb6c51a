import { analyseCode } from './code-analysis';

const BLOCKING = /^(Syntax error|Export |.+ is declared but not exported)/;

/**
 * Problems that make a version useless (it cannot compile, or exports no handler): saving is
 * refused with this text ("line 3: Syntax error: …"), or undefined when the code may be saved.
 */
export function saveBlocker(code: string, kind: 'transformation' | 'library'): string | undefined {
  const problem = analyseCode(code, { kind, libraries: [] }).find((p) => p.severity === 'error' && BLOCKING.test(p.message));
  if (!problem) return undefined;
  const line = code.slice(0, problem.from).split('\n').length;
  return `line ${line}: ${problem.message}`;
}
