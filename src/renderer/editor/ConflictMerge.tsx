import { javascript } from '@codemirror/lang-javascript';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { MergeView } from '@codemirror/merge';
import { useEffect, useRef } from 'react';
import { editorTheme } from './highlight';
import type { ThemeName } from './theme';

export interface ConflictMergeProps {
  local: string;
  remote: string;
  theme: ThemeName;
  /** Receives a getter of the merged text (the editable local side). */
  onReady: (read: () => string) => void;
}

/** Local (editable: the merge result) beside remote (read-only), changes highlighted (@codemirror/merge). */
export default function ConflictMerge({ local, remote, theme, onReady }: ConflictMergeProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = new MergeView({
      a: { doc: local, extensions: [lineNumbers(), EditorView.lineWrapping, javascript(), editorTheme(theme), EditorView.contentAttributes.of({ 'aria-label': 'Merge result (local side, editable)' })] },
      b: {
        doc: remote,
        extensions: [lineNumbers(), EditorView.lineWrapping, javascript(), editorTheme(theme), EditorState.readOnly.of(true), EditorView.contentAttributes.of({ 'aria-label': 'Remote version' })],
      },
      parent: host.current!,
      highlightChanges: true,
      gutter: true,
      revertControls: 'b-to-a',
    });
    onReady(() => view.a.state.doc.toString());
    return () => view.destroy();
  }, [local, remote, theme, onReady]);
  return <div ref={host} className="merge-diff" data-testid="conflict-merge" />;
}
