import { useEffect, useState } from 'react';
import { debugApi } from '../../api/debug';
import { previewOf, type PropertyDescriptor, type RemoteObject } from './cdp-types';

/** Properties of an object of the paused run, read when first shown (Runtime.getProperties). */
function Properties({ sessionId, objectId }: { sessionId: string; objectId: string }) {
  const [state, setState] = useState<{ props?: PropertyDescriptor[]; error?: string }>({});
  useEffect(() => {
    let live = true;
    debugApi
      .command<{ result: PropertyDescriptor[] }>(sessionId, 'Runtime.getProperties', { objectId, ownProperties: true })
      .then((answer) => live && setState({ props: answer.result.filter((p) => p.name !== '__proto__') }))
      .catch((error: Error) => live && setState({ error: error.message }));
    return () => {
      live = false;
    };
  }, [sessionId, objectId]);
  if (state.error) return <p className="error small">{state.error}</p>;
  if (!state.props) return <p className="muted small">Loading…</p>;
  if (state.props.length === 0) return <p className="muted small">No properties</p>;
  return (
    <ul className="value-tree">
      {state.props.map((p) => (
        <li key={p.name}>
          <ValueRow sessionId={sessionId} name={p.name} value={p.value ?? p.get} />
        </li>
      ))}
    </ul>
  );
}

/** One name and value; objects expand on click (lazily, one level at a time). */
export function ValueRow({ sessionId, name, value, initiallyOpen = false }: { sessionId: string; name: string; value: RemoteObject | undefined; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const expandable = Boolean(value?.objectId) && value?.type !== 'function';
  return (
    <>
      <span className="value-row" data-testid="value-row" data-name={name}>
        {expandable ? (
          <button type="button" className="link tree-toggle" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`} onClick={() => setOpen(!open)}>
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="tree-toggle" />
        )}
        {expandable ? (
          // The name expands too (as in Chrome's scope view), not only the small arrow.
          <span className="value-name clickable" onClick={() => setOpen(!open)} data-testid="value-name">
            {name}
          </span>
        ) : (
          <span className="value-name">{name}</span>
        )}
        <span className={`value-preview value-${value?.type ?? 'undefined'}`}>{previewOf(value)}</span>
      </span>
      {open && value?.objectId && <Properties sessionId={sessionId} objectId={value.objectId} />}
    </>
  );
}
