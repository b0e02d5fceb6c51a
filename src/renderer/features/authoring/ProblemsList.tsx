import type { EditorProblem } from '../../editor/CodeEditor';

/** Diagnostics under the editor; each one moves the cursor to its place. */
export function ProblemsList({ problems, onJump }: { problems: EditorProblem[]; onJump: (line: number, column: number) => void }) {
  if (problems.length === 0) return <p className="problems problems-none muted" data-testid="problems" aria-live="polite">No problems found.</p>;
  return (
    <div className="problems" data-testid="problems" aria-live="polite">
      <span className="sr-only">{problems.length} problem{problems.length === 1 ? '' : 's'}</span>
      <ul aria-label="Problems">
        {problems.map((p, i) => (
          <li key={`${p.from}-${i}`} className={`problem problem-${p.severity}`}>
            <button type="button" className="link" onClick={() => onJump(p.line, p.column)}>
              Line {p.line}:{p.column}
            </button>{' '}
            <span>{p.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
