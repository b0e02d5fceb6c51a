import { javascript } from '@codemirror/lang-javascript';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { MergeView } from '@codemirror/merge';
import { useEffect, useRef } from 'react';
import { editorTheme } from './highlight';
import type { ThemeName } from './theme';
import { lineFirstDiff } from './line-diff';

export interface MergeDiffProps {
  /** Left side (older). */
  original: string;
  /** Right side (newer). */
  modified: string;
  theme: ThemeName;
  originalLabel: string;
  modifiedLabel: string;
  /** Show the two labels above their sides (not only to screen readers). */
  showLabels?: boolean;
}

function sideExtensions(theme: ThemeName, label: string): Extension {
  return [
    lineNumbers(),
    javascript(),
    editorTheme(theme),
    EditorState.readOnly.of(true),
    // Long lines wrap: nothing of a version is cut off at the side's edge.
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': label }),
  ];
}

/** Side-by-side, read-only diff of two code versions (@codemirror/merge). */
export default function MergeDiff({ original, modified, theme, originalLabel, modifiedLabel, showLabels }: MergeDiffProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = new MergeView({
      a: { doc: original, extensions: sideExtensions(theme, originalLabel) },
      b: { doc: modified, extensions: sideExtensions(theme, modifiedLabel) },
      parent: host.current!,
      highlightChanges: true,
      // Identical lines are never marked: lines are matched first, then characters within changed lines.
      diffConfig: { override: lineFirstDiff },
      gutter: true,
      collapseUnchanged: { margin: 3, minSize: 8 },
    });
    return () => view.destroy();
  }, [original, modified, theme, originalLabel, modifiedLabel]);
  const diff = <div ref={host} className="merge-diff" data-testid="version-diff" />;
  if (!showLabels) return diff;
  return (
    <div className="merge-diff-labelled">
      <div className="merge-diff-labels" data-testid="diff-labels">
        <span className="merge-diff-label removed" data-testid="diff-label-original">{originalLabel}</span>
        <span className="merge-diff-label added" data-testid="diff-label-modified">{modifiedLabel}</span>
      </div>
      {diff}
    </div>
  );
}
