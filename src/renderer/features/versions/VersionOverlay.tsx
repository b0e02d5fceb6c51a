import { useEffect } from 'react';
import type { ArtifactVersion } from '../../api/artifacts';
import { LazyCodeEditor } from '../../editor/LazyCodeEditor';
import { LazyMergeDiff } from '../../editor/LazyMergeDiff';
import { useTheme } from '../../hooks/useTheme';
import { formatWhen } from '../../lib/format-time';
import './versions.css';

export type VersionView =
  | { mode: 'view'; version: ArtifactVersion }
  | { mode: 'diff'; older: ArtifactVersion; newer: ArtifactVersion }
  | { mode: 'draft'; version: ArtifactVersion; draft: string };

const title = (v: ArtifactVersion) => `Version ${v.number} (${formatWhen(v.createdAt)})`;

/** Covers the editor with one version's code, or a side-by-side diff of two versions. */
export function VersionOverlay({ view, onClose, onRestore, onDiffWithDraft }: {
  view: VersionView;
  onClose: () => void;
  onRestore: (version: ArtifactVersion) => void;
  onDiffWithDraft: (version: ArtifactVersion) => void;
}) {
  const theme = useTheme();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const heading =
    view.mode === 'view' ? title(view.version)
      : view.mode === 'diff' ? `${title(view.older)} → ${title(view.newer)}`
        : `${title(view.version)} → unsaved code`;
  const restorable = view.mode === 'diff' ? view.older : view.version;
  return (
    <section className="version-overlay" aria-label="Version" data-testid="version-overlay">
      <header className="overlay-header">
        <h3>{heading}</h3>
        <div className="editor-actions">
          {view.mode === 'view' && <button type="button" className="secondary" onClick={() => onDiffWithDraft(view.version)}>Diff with unsaved code</button>}
          <button type="button" className="secondary" onClick={() => onRestore(restorable)}>Restore version {restorable.number} as draft</button>
          <button type="button" onClick={onClose} autoFocus>Back to editor</button>
        </div>
      </header>
      {view.mode === 'view' && (
        <LazyCodeEditor value={view.version.code} language="javascript" theme={theme} readOnly label={`Code of version ${view.version.number}`} className="overlay-editor" testId="version-code" />
      )}
      {view.mode === 'diff' && (
        <LazyMergeDiff original={view.older.code} modified={view.newer.code} theme={theme}
          originalLabel={`Code of version ${view.older.number}`} modifiedLabel={`Code of version ${view.newer.number}`} />
      )}
      {view.mode === 'draft' && (
        <LazyMergeDiff original={view.version.code} modified={view.draft} theme={theme}
          originalLabel={`Code of version ${view.version.number}`} modifiedLabel="Unsaved code" />
      )}
    </section>
  );
}
