import { useMemo } from 'react';
import { countChanges, summariseDiff } from './diff-summary';

const show = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** Added, removed and changed fields between an input event and one output. */
export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const changes = useMemo(() => summariseDiff(before, after), [before, after]);
  if (changes.length === 0) return <p className="muted">No fields changed.</p>;
  const counts = countChanges(changes);
  return (
    <div className="diff-view" data-testid="event-diff">
      <p className="muted">
        {counts.added} added · {counts.removed} removed · {counts.changed} changed
      </p>
      <table className="diff-table">
        <thead>
          <tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={`${c.kind}:${c.path}`} className={`diff-${c.kind}`} data-kind={c.kind}>
              <th scope="row"><span className="diff-mark" aria-label={c.kind}>{c.kind === 'added' ? '+' : c.kind === 'removed' ? '−' : '~'}</span> <code>{c.path}</code></th>
              <td><code>{show(c.before)}</code></td>
              <td><code>{show(c.after)}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
