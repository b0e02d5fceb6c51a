import { publishState, type Artifact } from '../../api/artifacts';
import { pinText, useLibraryPins } from '../../hooks/useLibraryPins';
import { PublishBadge } from '../../components/PublishBadge';
import { keyLabel } from '../../hooks/keymap';
import type { SaveQueue } from './useSaveQueue';
import './authoring.css';

export interface EditorHeaderProps {
  artifact: Artifact;
  dirty: boolean;
  busy?: 'saving' | 'publishing' | 'deleting';
  /** The version history has not arrived yet: Publish waits for it (its dialog shows a version of it). */
  historyLoading?: boolean;
  /** The page's save behind its queue (a save asked for during one runs once it has finished). */
  saves: SaveQueue;
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
export function EditorHeader({ artifact, dirty, busy, historyLoading = false, saves, onFormat, onPublish, onDetails, onDelete, onDiscard, message, onMessageChange }: EditorHeaderProps) {
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
            if (e.key === 'Enter' && dirty) {
              e.preventDefault();
              saves.request();
            }
          }}
        />
        <SaveButton saves={saves} disabled={busy !== undefined || !dirty} />
      </div>
    </header>
  );
}

/** Save version; while a save runs "Saving…", "Save again" once code is typed (queues a save behind it), then "Save queued". */
function SaveButton({ saves, disabled }: { saves: SaveQueue; disabled: boolean }) {
  const { state, canQueue } = saves;
  const title = state === 'queued' ? 'A version is saving: the code typed since is saved as soon as it has finished'
    : canQueue ? `A version is saving: save the code typed since as soon as it has finished (${keyLabel('save')})` : keyLabel('save');
  return (
    <button type="button" onClick={saves.request} disabled={state ? !canQueue : disabled} title={title}>
      {state === 'queued' ? 'Save queued' : canQueue ? 'Save again' : state ? 'Saving…' : 'Save version'}
    </button>
  );
}
