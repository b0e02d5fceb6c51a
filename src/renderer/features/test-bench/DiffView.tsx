import { Fragment, useMemo } from 'react';
import { countChanges, summariseDiff, unchangedFields } from './diff-summary';

const show = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** A field path that may wrap before each `.key` and `[index]`, never inside a name. */
function PathText({ path }: { path: string }) {
  const parts = path.split(/(?=[.[])/);
  return (
    <code className="diff-path">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

/**
 * A value that may wrap anywhere except right after its first or before its last character: the
 * closing quote of a string never lands on a line of its own (nor the opening one).
 */
function ValueText({ value }: { value: unknown }) {
  const text = show(value);
  if (text.length <= 4) return <code>{text}</code>;
  return (
    <code>
      <span className="nowrap">{text.slice(0, 2)}</span>
      {text.slice(2, -2)}
      <span className="nowrap">{text.slice(-2)}</span>
    </code>
  );
}

/** Added, removed and changed fields between an input event and one output. */
export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const changes = useMemo(() => summariseDiff(before, after), [before, after]);
  const same = useMemo(() => unchangedFields(before, after), [before, after]);
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
              <th scope="row"><span className="diff-mark" aria-label={c.kind}>{c.kind === 'added' ? '+' : c.kind === 'removed' ? '−' : '~'}</span> <PathText path={c.path} /></th>
              <td><ValueText value={c.before} /></td>
              <td><ValueText value={c.after} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      {same.length > 0 && (
        <details className="diff-unchanged" data-testid="diff-unchanged">
          <summary>{same.length} unchanged fields</summary>
          <table className="diff-table">
            <tbody>
              {same.map((field) => (
                <tr key={field.path}>
                  <th scope="row"><PathText path={field.path} /></th>
                  <td colSpan={2}><ValueText value={field.value} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
