import { useEffect, useState } from 'react';
import { confidenceApi } from '../../api/confidence';
import type { CoverageResponse } from '../../../shared/api/coverage';
import { coverageLine, UncoveredBranches } from './CoverageSummary';

/** In the publish dialog: how much of the version's code its saved tests cover, and the branches they never take. */
export function PublishCoverage({ transformationId, name, code, onJump }: { transformationId: string; name: string; code: string; onJump: (line: number, column: number) => void }) {
  const [result, setResult] = useState<CoverageResponse>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    setResult(undefined);
    setError(undefined);
    confidenceApi.coverage({ code, transformationName: name, transformationId }).then(
      (answer) => live && setResult(answer),
      (e: unknown) => live && setError((e as Error).message),
    );
    return () => {
      live = false;
    };
  }, [transformationId, name, code]);
  if (error) return <span className="muted">Coverage could not be measured: {error}</span>;
  const main = result?.scripts[0];
  if (!result || !main) return <span className="muted">Measuring what the saved tests cover…</span>;
  const missed = main.branches.filter((branch) => branch.hits === 0).length;
  return (
    <div className="publish-coverage" data-testid="publish-coverage">
      <p>{coverageLine(main, 'the saved tests')}</p>
      {missed > 0 && <p className="warning small">{missed === 1 ? 'A branch the saved tests never take:' : `${missed} branches the saved tests never take:`}</p>}
      <UncoveredBranches result={result} onJump={onJump} limit={8} />
    </div>
  );
}
