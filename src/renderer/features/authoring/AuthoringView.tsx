import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useDiscard } from './useDiscard';
import type { ArtifactVersion } from '../../api/artifacts';
import type { DestinationView } from '../../api/pipeline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SplitLayout, usePanelRef } from '../../components/SplitLayout';
import type { CodeEditorHandle } from '../../editor/CodeEditor';
import type { DebugMarks } from '../../editor/debug-gutter';
import { formatCode, formatErrorMessage } from '../../editor/format-code';
import { hrefFor, type PanelTab } from '../../hooks/routes';
import { useBeforeUnload } from '../../hooks/useBeforeUnload';
import { navigate } from '../../hooks/useHashRoute';
import { MOD_LABEL, useShortcuts } from '../../hooks/useShortcuts';
import { modKey, usePaletteAction } from '../../hooks/usePaletteAction';
import { formatWhen } from '../../lib/format-time';
import { DeleteLibraryDialog } from '../libraries/DeleteLibraryDialog';
import { DeleteTransformationDialog } from '../transformations/DeleteTransformationDialog';
import { SaveOutcome } from '../versions/SaveOutcome';
import { VersionOverlay, type VersionView } from '../versions/VersionOverlay';
import { VersionsPanel } from '../versions/VersionsPanel';
import { useLibraryInfos } from '../workspace/useLibraryInfos';
import { CodePane } from './CodePane';
import { DetailsDialog } from './DetailsDialog';
import { EditorHeader } from './EditorHeader';
import { PublishDialog } from './PublishDialog';
import type { ArtifactEditor } from './useArtifactEditor';

export interface SideTab {
  id: PanelTab;
  label: string;
  content: ReactNode;
}

export interface AuthoringViewProps {
  editor: ArtifactEditor;
  editorRef: RefObject<CodeEditorHandle | null>;
  tab?: PanelTab;
  /** Page tabs shown before "Versions". */
  tabs: SideTab[];
  onSave: () => void;
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
  const [dialog, setDialog] = useState<'details' | 'delete'>();
  const [overlay, setOverlay] = useState<VersionView>();
  const [message, setMessage] = useState<string>();
  const { discard, notice: discardNotice } = useDiscard(editor, () => setMessage(undefined));
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
    if (!version) return setMessage('The version history is still loading; try again in a moment.');
    setPublishing({ version, input: publishInput() });
  };
  useShortcuts({ onSave, onRun, onFormat: () => void format() });
  usePaletteAction({ id: 'publish', label: 'Publish… (choose the destinations that run it)', shortcut: `${MOD_LABEL}+Shift+Enter`, matches: (e) => modKey(e) && e.shiftKey && e.key === 'Enter', run: () => publish(artifact.versionId) });
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
                onSave={onSave}
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
              <CodePane
                kind={artifact.kind} artifactId={artifact.id}
                code={editor.code}
                onChange={editor.setCode}
                libraries={libraryInfos}
                selfImportName={artifact.importName}
                editorRef={editorRef}
                onJump={jump}
                onSave={onSave}
                onRun={onRun}
                onFormat={() => void format()}
                debug={debug}
              />
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
          defaultSize: '46%',
          minSize: '300px',
          collapsible: true,
          onCollapsedChange: setSideHidden,
          content: (
            <div className="side-panel">
              <div className="tabs">
                <div role="tablist" aria-label="Panels" className="tab-list">
                  {allTabs.map((t) => (
                    <a key={t.id} role="tab" href={hrefFor(artifact.kind, artifact.id, t.id)} aria-selected={t.id === active.id} className={t.id === active.id ? 'active' : ''}>
                      {t.label}
                    </a>
                  ))}
                </div>
                <button type="button" className="link hide-panel" aria-label="Hide the side panel" title="Hide the side panel" onClick={() => sideRef.current?.collapse()}>
                  ⇥
                </button>
              </div>
              <div role="tabpanel" className="tab-panel" aria-label={active.label}>
                {active.content}
              </div>
            </div>
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
      {dialog === 'delete' && artifact.kind === 'library' && (
        <DeleteLibraryDialog
          name={artifact.name}
          importName={artifact.importName ?? ''}
          usedBy={usedBy ?? []}
          dirty={editor.dirty}
          busy={editor.busy === 'deleting'}
          error={editor.actionError}
          onCancel={() => {
            editor.clearActionError();
            setDialog(undefined);
          }}
          onDelete={async () => {
            if (await editor.remove()) navigate(hrefFor('library'));
          }}
        />
      )}
      {dialog === 'delete' && artifact.kind === 'transformation' && (
        <DeleteTransformationDialog
          name={artifact.name}
          destinations={liveOn ?? []}
          dirty={editor.dirty}
          busy={editor.busy === 'deleting'}
          onCancel={() => setDialog(undefined)}
          onDelete={async () => {
            if (await editor.remove()) navigate(hrefFor('transformation'));
            setDialog(undefined);
          }}
        />
      )}
    </div>
  );
}
