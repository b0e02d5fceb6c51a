import { EmptyState } from '../../components/EmptyState';
import { hrefFor, type Kind } from '../../hooks/routes';
import type { ArtifactEditor } from './useArtifactEditor';

/** Loading, not-found and load-error states of an editor page (null once loaded). */
export function ArtifactLoadState({ kind, editor }: { kind: Kind; editor: ArtifactEditor }) {
  const noun = kind === 'transformation' ? 'transformation' : 'library';
  if (editor.notFound) {
    return (
      <EmptyState title={`This ${noun} does not exist`} action={<a href={hrefFor(kind)}>Back to the list</a>}>
        It may have been deleted. Pick another one from the list or create a new one.
      </EmptyState>
    );
  }
  if (editor.loadError) return <p role="alert" className="error pad">Could not open the {noun}: {editor.loadError}</p>;
  if (!editor.artifact) return <p className="muted pad" aria-busy="true">Loading…</p>;
  return null;
}
