import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeEditor';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** The editor, loaded on first use; a plain placeholder shows while CodeMirror loads. */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<div className={`code-editor code-editor-loading ${props.className ?? ''}`} aria-busy="true">Loading editor…</div>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
