import { useEffect, useState } from 'react';
import type { Artifact } from '../../api/artifacts';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SplitLayout, usePanelRef } from '../../components/SplitLayout';
import { hrefFor, type Kind, type PanelTab } from '../../hooks/routes';
import { takeNewRequest } from '../../hooks/useMenuCommands';
import { navigate } from '../../hooks/useHashRoute';
import { LibraryPage } from '../libraries';
import { NewLibraryDialog } from '../libraries';
import { NewTransformationDialog } from '../transformations';
import { TransformationPage } from '../transformations';
import { ArtifactList } from './ArtifactList';
import { useWorkspace } from './useWorkspace';
import { preloadCodeEditor } from '../../editor/LazyCodeEditor';
import './workspace.css';

// The editor's chunk starts loading as soon as the workspace does (it compiles while the list
// renders and the item's API calls run), not once the item has come back; here rather than in the
// shell, so the first load's bytes stay as they were. Its extras load once it is on screen: loaded
// here too they competed with it for the CPU (bench/ui-load.mjs on the shared machine).
void preloadCodeEditor();

/** The list of one kind beside the selected item's editor (or an empty state). */
export function WorkspacePage({ kind, id, tab }: { kind: Kind; id?: string; tab?: PanelTab }) {
  const workspace = useWorkspace();
  const [creating, setCreating] = useState(takeNewRequest);
  const listRef = usePanelRef();
  const [listHidden, setListHidden] = useState(false);
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
  const content = (
    <>
      <ErrorNotice message={workspace.error} onRetry={() => void workspace.refresh()} />
      {id ? (
        kind === 'transformation' ? (
          <TransformationPage key={id} id={id} tab={tab} />
        ) : (
          <LibraryPage key={id} id={id} tab={tab} />
        )
      ) : (
        <EmptyState
          title={kind === 'transformation' ? 'Pick or create a transformation' : 'Pick or create a library'}
          action={
            <button type="button" onClick={() => setCreating(true)}>
              New {kind}
            </button>
          }
        >
          {kind === 'transformation'
            ? 'A transformation is a JavaScript module exporting transformEvent(event, metadata) or transformBatch(events, metadata). Test it here on sample or captured events before publishing.'
            : 'A library holds functions that transformations import by its import name, the camelCase of its name.'}
        </EmptyState>
      )}
    </>
  );
  return (
    <div className="workspace">
      <button
        type="button"
        className="sidebar-toggle"
        aria-label={listHidden ? 'Show the list' : 'Hide the list'}
        title={listHidden ? 'Show the list' : 'Hide the list'}
        onClick={() => (listRef.current?.isCollapsed() ? listRef.current.expand() : listRef.current?.collapse())}
      >
        {listHidden ? '»' : '«'}
      </button>
      <SplitLayout
        id="workspace"
        label="Resize the list"
        className="workspace-split"
        firstRef={listRef}
        first={{
          id: 'list',
          className: 'workspace-list-pane',
          defaultSize: '18%',
          minSize: '200px',
          collapsible: true,
          onCollapsedChange: setListHidden,
          content: <ArtifactList kind={kind} items={items} selectedId={id} onCreate={() => setCreating(true)} />,
        }}
        second={{
          id: 'content',
          className: 'workspace-content',
          minSize: '480px',
          content,
        }}
      />
      {creating && kind === 'transformation' && <NewTransformationDialog onClose={() => setCreating(false)} onCreated={created} />}
      {creating && kind === 'library' && <NewLibraryDialog onClose={() => setCreating(false)} onCreated={created} />}
    </div>
  );
}
