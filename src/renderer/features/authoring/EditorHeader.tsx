import { publishState, type Artifact } from '../../api/artifacts';
import { pinText, useLibraryPins } from '../../hooks/useLibraryPins';
import { PublishBadge } from '../../components/PublishBadge';
import { keyLabel } from '../../hooks/keymap';
import './authoring.css';

export interface EditorHeaderProps {
  artifact: Artifact;
  dirty: boolean;
  busy?: 'saving' | 'publishing' | 'deleting';
  /** The version history has not arrived yet: Publish waits for it (its dialog shows a version of it). */
  historyLoading?: boolean;
  onSave: () => void;
  onFormat: () => void;
  onPublish: () => void;
  onDetails: () => void;
  onDelete?: () => void;
  onDiscard: () => void;
  /** The optional message of the next version. */
  message: string;
  onMessageChange: (message: string) => void;
}

/** Name, description, state badges and the actions of the item being edited. */
export function EditorHeader({ artifact, dirty, busy, historyLoading = false, onSave, onFormat, onPublish, onDetails, onDelete, onDiscard, message, onMessageChange }: EditorHeaderProps) {
  const state = publishState(artifact);
  const pins = useLibraryPins(artifact.kind === 'library' ? artifact.versionId : null);
  return (
    <header className="editor-header">
      <div className="editor-title">
        <h2 data-testid="artifact-name">{artifact.name}</h2>
        <PublishBadge state={state} pinnedBy={artifact.kind === 'library' ? pins?.get(artifact.id)?.map(pinText) : undefined} />
        {dirty && <span className="badge badge-draft" data-testid="unsaved">Unsaved changes</span>}
        {artifact.importName && <span className="muted">import name <code data-testid="import-name">{artifact.importName}</code></span>}
        <p className="editor-description muted">{artifact.description || 'No description.'}</p>
      </div>
      <div className="editor-actions" role="toolbar" aria-label="Editor actions">
        <button type="button" className="secondary" onClick={onDetails} title="Rename and describe">Details…</button>
        <button type="button" className="secondary" onClick={onFormat} title={keyLabel('format')}>Format</button>
        {dirty && <button type="button" className="secondary" onClick={onDiscard} title="Go back to the last saved code">Discard</button>}
        <button type="button" className="secondary" onClick={onPublish} disabled={busy !== undefined || dirty || state === 'published' || historyLoading}
          title={dirty ? 'Save first: publishing applies to a saved version' : state === 'published' ? 'The latest version is published' : historyLoading ? 'The version history is still loading' : `Test on the server and publish the latest version (${keyLabel('publish')})`}>
          {busy === 'publishing' ? 'Publishing…' : 'Publish'}
        </button>
        {onDelete && <button type="button" className="danger secondary" onClick={onDelete} disabled={busy !== undefined}>Delete</button>}
        <input
          type="text"
          className="version-message"
          aria-label="Version message"
          placeholder="What changed?"
          title="The new version's message (optional)"
          maxLength={1000}
          value={message}
          onChange={(e) => onMessageChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && dirty && busy === undefined) {
              e.preventDefault();
              onSave();
            }
          }}
        />
        <button type="button" onClick={onSave} disabled={busy !== undefined || !dirty} title={keyLabel('save')}>
          {busy === 'saving' ? 'Saving…' : 'Save version'}
        </button>
      </div>
    </header>
  );
}
