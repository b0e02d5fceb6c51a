import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useDiscard } from './useDiscard';
import { useWaitingPublish } from './useWaitingPublish';
import type { ArtifactVersion } from '../../api/artifacts';
import type { DestinationView } from '../../api/pipeline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SplitLayout, usePanelRef } from '../../components/SplitLayout';
import type { CodeEditorHandle } from '../../editor/CodeEditor';
import type { DebugMarks } from '../../editor/debug-gutter';
import { formatCode, formatErrorMessage } from '../../editor/format-code';
import { hrefFor, type PanelTab } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';
import { useBeforeUnload } from '../../hooks/useBeforeUnload';
import { useShortcuts } from '../../hooks/useShortcuts';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { keyLabel, matchesKey } from '../../hooks/keymap';
import { formatWhen } from '../../lib/format-time';
import { SaveOutcome } from '../versions';
import { VersionOverlay, type VersionView } from '../versions';
import { VersionsPanel } from '../versions';
import { useLibraryInfos } from '../workspace';
import { CodePane } from './CodePane';
import { DiskMerge } from './DiskMerge';
import { LinkedFile, fileOf } from './LinkedFile';
import { useDiskChanges } from './useDiskChanges';
import { useSaveQueue } from './useSaveQueue';
import { DeleteArtifactDialog } from './DeleteArtifactDialog';
import { DetailsDialog } from './DetailsDialog';
import { EditorHeader } from './EditorHeader';
import { PublishDialog } from './PublishDialog';
import { SidePanel, type SideTab } from './SidePanel';
import type { ArtifactEditor } from './useArtifactEditor';
import './authoring.css';

export interface AuthoringViewProps {
  editor: ArtifactEditor;
  editorRef: RefObject<CodeEditorHandle | null>;
  tab?: PanelTab;
  /** Page tabs shown before "Versions". */
  tabs: SideTab[];
  /** The page's save (a library's tests its dependants first): resolves to whether it stored a version. */
  onSave: () => Promise<boolean>;
  onRun?: () => void;
  /** Test input for publishing a transformation version, or a message saying what to fix. */
  publishInput: () => unknown[] | string;
  usedBy?: string[];
  notice?: ReactNode;
  /** Destinations the transformation is connected to (named before a delete). */
  liveOn?: DestinationView[];
  /** Breakpoints, the paused line and line heat in the code editor. */
  debug?: DebugMarks;
}

/** The shared editing room of transformations and libraries: header, code, side panel, versions. */
export function AuthoringView({ editor, editorRef, tab, tabs, onSave, onRun, publishInput, usedBy, notice, liveOn, debug }: AuthoringViewProps) {
  const libraryInfos = useLibraryInfos();
  const artifact = editor.artifact!;
  const disk = useDiskChanges(artifact.kind, artifact.id, editor);
  const [dialog, setDialog] = useState<'details' | 'delete'>();
  const [overlay, setOverlay] = useState<VersionView>();
  const [message, setMessage] = useState<string>();
  const saves = useSaveQueue(onSave, editor, setMessage);
  const { discard, notice: discardNotice } = useDiscard(editor, () => { setMessage(undefined); saves.cancel(); });
  const [publishing, setPublishing] = useState<{ version: ArtifactVersion; input: unknown[] | string }>();
  const formatting = useRef(false);
  const sideRef = usePanelRef();
  const [sideHidden, setSideHidden] = useState(false);
  const allTabs: SideTab[] = [
    ...tabs,
    {
      id: 'versions',
      label: `Versions${editor.versions ? ` (${editor.versions.length})` : ''}`,
      content: (
        <VersionsPanel
          versions={editor.versions}
          error={editor.versionsError}
          onRetry={() => void editor.reloadVersions()}
          onView={(version) => setOverlay({ mode: 'view', version })}
          onCompare={(older, newer) => setOverlay({ mode: 'diff', older, newer })}
          onRestore={(v) => restore(v)}
          onPublish={(v) => publish(v.versionId)}
          publishing={editor.busy === 'publishing'}
          onRunTests={editor.runVersionTests}
        />
      ),
    },
  ];
  const active = allTabs.find((t) => t.id === tab) ?? allTabs[0]!;
  const latest = editor.versions?.[editor.versions.length - 1];
  const jump = useCallback((line: number, column: number) => editorRef.current?.goTo(line, column), [editorRef]);

  const format = async () => {
    if (formatting.current) return;
    formatting.current = true;
    try {
      editor.setCode(await formatCode(editor.code, 'javascript'));
      setMessage(undefined);
    } catch (e) {
      setMessage(formatErrorMessage(e));
    } finally {
      formatting.current = false;
    }
  };
  const restore = (version: ArtifactVersion) => {
    editor.setCode(version.code);
    setOverlay(undefined);
    setMessage(`Version ${version.number} is in the editor as unsaved code. Save to make it the latest version.`);
  };
  /** Opens the publish dialog for a saved version (it shows what will be published and asks when something is off). */
  const publish = (versionId: string) => {
    const version = editor.versions?.find((v) => v.versionId === versionId);
    if (!editor.versions) return waitForHistory(versionId);
    if (!version) return setMessage('That version is not in the version history.');
    setPublishing({ version, input: publishInput() });
  };
  const waitForHistory = useWaitingPublish(editor.versions, editor.versionsError, publish, setMessage);
  useShortcuts({ onSave: saves.request, onRun, onFormat: () => void format() });
  usePaletteAction({ id: 'publish', label: 'Publish… (choose the destinations that run it)', shortcut: keyLabel('publish'), matches: (e) => matchesKey('publish', e), run: () => publish(artifact.versionId) });
  usePaletteAction({ id: 'details', label: `Edit the ${artifact.kind}’s name and description…`, run: () => setDialog('details') });
  usePaletteAction({ id: 'delete-artifact', label: `Delete this ${artifact.kind}…`, run: () => { editor.clearActionError(); setDialog('delete'); } });
  usePaletteAction(editor.dirty ? { id: 'discard', label: 'Discard the unsaved changes', run: discard } : undefined);
  usePaletteAction({ id: 'versions', label: 'Show the version history (compare, restore, publish)', run: () => navigate(hrefFor(artifact.kind, artifact.id, 'versions')) });
  useBeforeUnload(editor.dirty);

  return (
    <div className="authoring">
      <SplitLayout
        className="authoring-split"
        id="authoring"
        secondRef={sideRef}
        label="Resize the side panel"
        first={{
          id: 'code',
          className: 'authoring-main-pane',
          minSize: '340px',
          content: (
            <div className="authoring-main">
              <EditorHeader
                artifact={artifact}
                dirty={editor.dirty}
                busy={editor.busy}
                saves={saves}
                historyLoading={editor.versions === undefined && editor.versionsError === undefined}
                onFormat={() => void format()}
                onPublish={() => publish(artifact.versionId)}
                onDetails={() => setDialog('details')}
                onDelete={() => {
                  editor.clearActionError();
                  setDialog('delete');
                }}
                onDiscard={discard}
                message={editor.versionMessage}
                onMessageChange={editor.setVersionMessage}
              />
              {editor.lastSaved && !editor.dirty && <SaveOutcome version={editor.lastSaved} />}
              {editor.restoredDraft && (
                <p className="notice" role="status">
                  Unsaved changes from {formatWhen(editor.restoredDraft.updatedAt)} were restored.{' '}
                  {editor.restoredDraft.baseVersionId !== artifact.versionId && latest && (
                    <>
                      They started from an older version; a newer one was saved since.{' '}
                      <button type="button" className="link" onClick={() => setOverlay({ mode: 'draft', version: latest, draft: editor.code })}>
                        Compare with the latest version
                      </button>{' '}
                    </>
                  )}
                  <button type="button" className="link" onClick={discard}>
                    Discard them
                  </button>
                </p>
              )}
              {/* The delete dialog shows its own refusal; the page says it once, not twice. */}
              <ErrorNotice message={dialog === 'delete' ? undefined : editor.actionError} onDismiss={editor.clearActionError} />
              {message && (
                <p className="notice" role="status">
                  {message}{' '}
                  <button type="button" className="link" aria-label="Dismiss" onClick={() => setMessage(undefined)}>
                    ✕
                  </button>
                </p>
              )}
              {notice}
              {discardNotice}
              <LinkedFile folder={disk.folder} artifactId={artifact.id} />
              {disk.incoming && <DiskMerge changes={disk} incoming={disk.incoming} local={editor.code} file={fileOf(disk.folder, artifact.id)} />}
              {!disk.incoming && (<CodePane
                kind={artifact.kind} artifactId={artifact.id}
                code={editor.code}
                onChange={editor.setCode}
                libraries={libraryInfos}
                selfImportName={artifact.importName}
                editorRef={editorRef}
                onJump={jump}
                onSave={saves.request}
                onRun={onRun}
                onFormat={() => void format()}
                debug={debug}
              />)}
              {sideHidden && (
                <button type="button" className="secondary show-panel" onClick={() => sideRef.current?.expand()}>
                  Show {active.label.toLowerCase()} panel
                </button>
              )}
            </div>
          ),
        }}
        second={{
          id: 'side',
          className: 'side-panel-pane',
          // The code gets the larger share: at 1024x700 the editor is ~450 px and the bench's toolbar still 2 rows (e2e/papercuts-density).
          defaultSize: '42%',
          minSize: '300px',
          collapsible: true,
          onCollapsedChange: setSideHidden,
          content: (
            <SidePanel kind={artifact.kind} id={artifact.id} tabs={allTabs} active={active} onHide={() => sideRef.current?.collapse()} />
          ),
        }}
      />
      {overlay && (
        <VersionOverlay
          view={overlay}
          onClose={() => setOverlay(undefined)}
          onRestore={restore}
          onDiffWithDraft={(version) => setOverlay({ mode: 'draft', version, draft: editor.code })}
        />
      )}
      {publishing && (
        <PublishDialog
          artifact={artifact}
          version={publishing.version}
          versions={editor.versions ?? []}
          testInput={publishing.input}
          onClose={() => setPublishing(undefined)}
          onPublished={async () => {
            await editor.refresh();
            setMessage(`Published v${publishing.version.number}.`);
          }}
          onJump={jump}
        />
      )}
      {dialog === 'details' && <DetailsDialog artifact={artifact} usedBy={usedBy} onSave={editor.saveDetails} onClose={() => setDialog(undefined)} />}
      {dialog === 'delete' && <DeleteArtifactDialog editor={editor} usedBy={usedBy} liveOn={liveOn} onClose={() => setDialog(undefined)} />}
    </div>
  );
}
