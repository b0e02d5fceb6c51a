import { loadable } from '../lib/loadable';
import type { CodeEditorProps } from './CodeEditor';

/** The editor, loaded on first use; a plain placeholder shows while CodeMirror loads (no Suspense: lib/loadable.tsx). */
export const LazyCodeEditor = loadable<CodeEditorProps>(
  () => import('./CodeEditor').then((m) => m.default),
  (props) => (
    <div className={`code-editor code-editor-loading ${props.className ?? ''}`} aria-busy="true">
      Loading editor…
    </div>
  ),
);

/** Starts loading the editor's chunk (once). */
export const preloadCodeEditor = LazyCodeEditor.preload;
