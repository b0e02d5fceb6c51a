/** Formats JavaScript or JSON with Prettier, loaded on first use (it is large). */
export async function formatCode(code: string, language: 'javascript' | 'json'): Promise<string> {
  const [prettier, babel, estree] = await Promise.all([
    import('prettier/standalone'),
    import('prettier/plugins/babel'),
    import('prettier/plugins/estree'),
  ]);
  return prettier.format(code, {
    parser: language === 'json' ? 'json' : 'babel',
    plugins: [babel, estree],
    singleQuote: language === 'javascript',
    printWidth: 100,
  });
}

/** Prettier's syntax error as one line a user can act on. */
export function formatErrorMessage(error: unknown): string {
  const e = error as { message?: string; loc?: { start?: { line: number; column: number } } };
  const first = (e.message ?? String(error)).split('\n')[0]!.replace(/\s*\(\d+:\d+\)$/, '');
  const at = e.loc?.start ? ` (line ${e.loc.start.line}, column ${e.loc.start.column})` : '';
  return `Cannot format: ${first}${at}. Fix the syntax error first.`;
}
