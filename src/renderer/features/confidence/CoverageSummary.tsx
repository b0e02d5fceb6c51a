import type { CoverageResponse, ScriptCoverage } from '../../../shared/api/coverage';

const counted = (c: { covered: number; total: number }) => `${c.covered} of ${c.total}`;

/** "Lines 34 of 41, branches 9 of 12 covered by the saved tests". */
export function coverageLine(script: ScriptCoverage, by: string): string {
  return `Lines ${counted(script.summary.lines)}, branches ${counted(script.summary.branches)} covered by ${by}`;
}

/** The branches never taken, each one click from its line. */
export function UncoveredBranches({ result, onJump, limit = 20 }: { result: CoverageResponse; onJump: (line: number, column: number) => void; limit?: number }) {
  const main = result.scripts[0];
  const missed = main?.branches.filter((branch) => branch.hits === 0) ?? [];
  if (!main || missed.length === 0) return null;
  return (
    <ul className="uncovered-branches" data-testid="uncovered-branches" aria-label="Branches never taken">
      {missed.slice(0, limit).map((branch) => (
        <li key={`${branch.line}:${branch.column}:${branch.kind}`}>
          <button type="button" className="link" onClick={() => onJump(branch.line, branch.column)} title={`Go to line ${branch.line}`}>
            line {branch.line}
          </button>{' '}
          <code>{branch.label}</code>
        </li>
      ))}
      {missed.length > limit && <li className="muted">and {missed.length - limit} more</li>}
    </ul>
  );
}
