import { useCallback, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { CodeEditorHandle } from '../../editor/CodeEditor';
import type { PanelTab } from '../../hooks/routes';
import { ArtifactLoadState } from '../authoring';
import { AuthoringView } from '../authoring';
import { useEditorMarks } from '../debugger';
import { libraryScriptUrl } from '../../../shared/api/debug';
import { useArtifactEditor } from '../authoring';
import { PinnedPanel } from './PinnedPanel';
import { useLibraryPins } from '../../hooks/useLibraryPins';
import { useWorkspace } from '../workspace';
import { LibraryTryPanel } from './LibraryTryPanel';
import { UsedByPanel } from './UsedByPanel';
import { dependentsOf, useDependentTests, type DependentResult } from './useDependentTests';

/** Edit a library; before saving, its dependents' tests run against the unsaved code. */
export function LibraryPage({ id, tab }: { id: string; tab?: PanelTab }) {
  const editor = useArtifactEditor('library', id);
  const pinsByLibrary = useLibraryPins(editor.artifact?.versionId);
  const livePins = pinsByLibrary ? (pinsByLibrary.get(id) ?? []) : undefined;
  const { transformations } = useWorkspace();
  const editorRef = useRef<CodeEditorHandle>(null);
  const importName = editor.artifact?.importName;
  // Breakpoints and profile heat of the library as debug runs of transformations load it.
  const marks = useEditorMarks(id, libraryScriptUrl(importName ?? ''));
  const dependents = useMemo(() => dependentsOf(importName, transformations), [importName, transformations]);
  const tests = useDependentTests(id, importName, dependents);
  // Dependants that fail with the code being saved, and the answer the save waits for (save anyway or not).
  const [failures, setFailures] = useState<{ failed: DependentResult[]; answer(saveAnyway: boolean): void }>();
  const jump = useCallback((line: number, column: number) => editorRef.current?.goTo(line, column), []);

  // One save, from the tests to the version: a save asked for meanwhile is queued behind all of it.
  const save = useCallback(async () => {
    if (!editor.dirty || editor.busy || tests.running) return false;
    if (dependents.length > 0) {
      const results = await tests.run(editor.code, editor.artifact?.code ?? '');
      const failed = results.filter((r) => !r.passed);
      if (failed.length > 0 && !(await new Promise<boolean>((answer) => setFailures({ failed, answer })))) return false;
    }
    return (await editor.save()) !== undefined;
  }, [editor, dependents, tests]);
  const answer = (saveAnyway: boolean) => {
    failures?.answer(saveAnyway);
    setFailures(undefined);
  };

  const loading = <ArtifactLoadState kind="library" editor={editor} />;
  if (!editor.artifact) return loading;
  return (
    <>
      <AuthoringView
        debug={marks}
        editor={editor}
        editorRef={editorRef}
        tab={tab ?? 'used-by'}
        onSave={save}
        publishInput={() => []}
        usedBy={dependents.map((t) => t.name)}
        notice={tests.running ? <p className="notice" role="status">Testing the transformations that import this library…</p> : undefined}
        tabs={[
          {
            id: 'used-by',
            label: `Used by (${dependents.length})`,
            content: (
              <UsedByPanel
                importName={importName!}
                dependents={dependents}
                results={tests.results}
                running={tests.running}
                stale={tests.testedCode !== undefined && tests.testedCode !== editor.code}
                onRun={() => void tests.run(editor.code, editor.artifact?.code ?? '')}
                onJump={jump}
              />
            ),
          },
          {
            id: 'live',
            label: `Live in (${livePins?.length ?? '…'})`,
            content: <PinnedPanel pins={livePins} publishedNumber={editor.versions?.find((v) => v.versionId === editor.artifact?.publishedVersionId)?.number} />,
          },
          {
            id: 'try',
            label: 'Try it',
            content: <LibraryTryPanel libraryId={id} name={editor.artifact.name} importName={importName!} code={editor.code} onJump={jump} />,
          },
        ]}
      />
      {failures && (
        <ConfirmDialog
          title="Some transformations fail with this code"
          confirmLabel="Save anyway"
          danger
          onCancel={() => answer(false)}
          onConfirm={() => answer(true)}
        >
          {failures.failed.map((f) => f.transformation.name).join(', ')} {failures.failed.length === 1 ? 'fails its tests' : 'fail their tests'} with the unsaved library code.
          See “Used by” for the errors. Save anyway?
        </ConfirmDialog>
      )}
    </>
  );
}
