import { ErrorText } from '../test-bench/ErrorText';

interface FailedResult {
  id?: string;
  name?: string;
  type?: string;
  passed?: boolean;
  error?: string;
  errors?: Array<{ error?: string }>;
}

const MAX_ERRORS = 5;

/** The server's per-version test results of a failed publish, with stack lines linked. */
export function PublishFailure({ results, artifactId, onJump }: { results: unknown; artifactId: string; onJump: (line: number, column: number) => void }) {
  if (!Array.isArray(results)) return null;
  const failed = (results as FailedResult[]).filter((r) => r && r.passed === false);
  if (failed.length === 0) return null;
  return (
    <div className="publish-failure" data-testid="publish-failure">
      {failed.map((r, i) => {
        const errors = (r.errors ?? []).map((e) => e.error).filter((e): e is string => typeof e === 'string');
        return (
          <div key={`${r.id}-${i}`}>
            <strong>{r.type === 'library' ? 'Library' : 'Transformation'} “{r.name}”</strong>: {r.error}
            {errors.slice(0, MAX_ERRORS).map((e, j) => (
              <ErrorText key={j} text={e} moduleName={r.name} onJump={r.id === artifactId ? onJump : undefined} />
            ))}
            {errors.length > MAX_ERRORS && <p className="muted">…and {errors.length - MAX_ERRORS} more.</p>}
          </div>
        );
      })}
    </div>
  );
}
