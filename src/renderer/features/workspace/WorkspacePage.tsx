import { useEffect, useState } from 'react';
import type { Artifact } from '../../api/artifacts';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { hrefFor, type Kind, type PanelTab } from '../../hooks/routes';
import { takeNewRequest } from '../../hooks/useMenuCommands';
import { navigate } from '../../hooks/useHashRoute';
import { LibraryPage } from '../libraries/LibraryPage';
import { NewLibraryDialog } from '../libraries/NewLibraryDialog';
import { NewTransformationDialog } from '../transformations/NewTransformationDialog';
import { TransformationPage } from '../transformations/TransformationPage';
import { ArtifactList } from './ArtifactList';
import { useWorkspace } from './useWorkspace';

/** The list of one kind beside the selected item's editor (or an empty state). */
export function WorkspacePage({ kind, id, tab }: { kind: Kind; id?: string; tab?: PanelTab }) {
  const workspace = useWorkspace();
  const [creating, setCreating] = useState(takeNewRequest);
  useEffect(() => {
    const onHash = () => takeNewRequest() && setCreating(true);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const items = kind === 'transformation' ? workspace.transformations : workspace.libraries;
  const created = (item: Artifact) => {
    workspace.upsert(item);
    setCreating(false);
    navigate(hrefFor(kind, item.id));
  };
  return (
    <div className="workspace">
      <ArtifactList kind={kind} items={items} selectedId={id} onCreate={() => setCreating(true)} />
      <div className="workspace-content">
        <ErrorNotice message={workspace.error} onRetry={() => void workspace.refresh()} />
        {id ? (
          kind === 'transformation' ? <TransformationPage key={id} id={id} tab={tab} /> : <LibraryPage key={id} id={id} tab={tab} />
        ) : (
          <EmptyState
            title={kind === 'transformation' ? 'Pick or create a transformation' : 'Pick or create a library'}
            action={<button type="button" onClick={() => setCreating(true)}>New {kind}</button>}
          >
            {kind === 'transformation'
              ? 'A transformation is a JavaScript module exporting transformEvent(event, metadata) or transformBatch(events, metadata). Test it here on sample or captured events before publishing.'
              : 'A library holds functions that transformations import by its import name, the camelCase of its name.'}
          </EmptyState>
        )}
      </div>
      {creating && kind === 'transformation' && <NewTransformationDialog onClose={() => setCreating(false)} onCreated={created} />}
      {creating && kind === 'library' && <NewLibraryDialog onClose={() => setCreating(false)} onCreated={created} />}
    </div>
  );
}
