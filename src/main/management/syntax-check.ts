import type { SyntaxCheckResponse } from '../../shared/api/syntax-check';
import type { Sandbox } from '../sandbox';

// The editor's syntax errors in the run's words: the code is compiled by the sandbox's V8 (the
// parser a run uses), so the editor never says "Unexpected keyword 'return'" where the run says
// "SyntaxError: Unexpected number" for the same line.

const MODULE = 'syntax check';
/** Put before the code on its first line: evaluation stops there, so none of the user's code runs. */
const GUARD = 'throw 0;';
const LOCATED = /^(SyntaxError: [^\n]*?)\s*\[[^\]\n]*?:(\d+):(\d+)\]/;

export async function checkSyntax(sandbox: Sandbox, code: string): Promise<SyntaxCheckResponse> {
  try {
    await sandbox.testLibrary({ importName: MODULE, code: `${GUARD}${code}` });
  } catch (error) {
    const located = LOCATED.exec((error as Error).message);
    if (located) {
      const line = Number(located[2]);
      const column = Number(located[3]) - (line === 1 ? GUARD.length : 0);
      return { ok: false, message: located[1]!, line, column: Math.max(1, column) };
    }
    if (/^SyntaxError: /.test((error as Error).message)) return { ok: false, message: (error as Error).message.split('\n')[0]! };
  }
  // It compiled (the guard threw, or an import could not be resolved here): no syntax error.
  return { ok: true };
}
