import type { ReactNode } from 'react';

/** A notice that something was replaced or discarded, with Undo and a close button. */
export function UndoNotice(props: { testId: string; children: ReactNode; onUndo: () => void; onDismiss: () => void }) {
  return (
    <p className="notice" role="status" data-testid={props.testId}>
      {props.children}{' '}
      <button type="button" className="link" onClick={props.onUndo}>
        Undo
      </button>{' '}
      <button type="button" className="link" aria-label="Dismiss" onClick={props.onDismiss}>
        ✕
      </button>
    </p>
  );
}
