import { useCallback, useMemo, useRef } from 'react';
import type { CodeEditorHandle } from '../../editor/CodeEditor';
import { hrefFor, type PanelTab } from '../../hooks/routes';
import { ArtifactLoadState } from '../authoring';
import { AuthoringView } from '../authoring';
import { useArtifactEditor } from '../authoring';
import { TestBench } from '../test-bench';
import { useTestBench, type TestBenchState } from '../test-bench';
import type { StackProps } from '../test-bench';
import type { Artifact } from '../../api/artifacts';
import { useWorkspace } from '../workspace';
import { LiveOn } from './LiveOn';
import { useConnectedDestinations } from './useConnectedDestinations';
import { CompareWithLive } from '../replay';
import { DebugLaunch, DebugPanels, useDebugRoom } from '../debugger';
import { BreakpointDialog, useEditorMarks } from '../debugger';
import { scriptName } from '../../../shared/api/debug';
import { ConfidenceLaunch, ConfidencePanels } from '../confidence';
import { PopoverButton } from '../../components/MenuButton';
import { useConfidence } from '../confidence';

/** Edit a transformation beside its test bench; save versions, compare and publish them. */
export function TransformationPage({ id, tab }: { id: string; tab?: PanelTab }) {
  const editor = useArtifactEditor('transformation', id);
  const bench = useTestBench(id);
  const { libraries } = useWorkspace();
  const editorRef = useRef<CodeEditorHandle>(null);
  const artifact = editor.artifact;
  const connected = useConnectedDestinations(id, artifact?.publishedVersionId);
  const marks = useEditorMarks(id, scriptName(artifact?.name));

  // The libraries' code is part of what a run ran on: a library saved meanwhile makes results stale.
  const librariesKey = useMemo(() => (libraries ?? []).map((l) => `${l.importName}@${l.versionId}`).join(','), [libraries]);
  const run = useCallback(() => {
    if (artifact) void bench.run(editor.code, artifact.name, librariesKey);
  }, [artifact, bench, editor.code, librariesKey]);
  const save = useCallback(async () => {
    if (!editor.dirty || editor.busy) return false;
    // The bench's events are an ad-hoc run: the version's status comes from its tests alone.
    return (await editor.save()) !== undefined;
  }, [editor]);
  const libraryHref = useCallback(
    (importName: string) => {
      const library = libraries?.find((l) => l.importName === importName);
      return library ? hrefFor('library', library.id) : undefined;
    },
    [libraries],
  );

  const loading = <ArtifactLoadState kind="transformation" editor={editor} />;
  if (!artifact) return loading;
  const stack = { moduleName: artifact.name, onJump: (line: number, column: number) => editorRef.current?.goTo(line, column), libraryHref };
  return (
    <AuthoringView
      editor={editor}
      editorRef={editorRef}
      tab={tab}
      liveOn={connected.destinations}
      notice={<LiveOn destinations={connected.destinations} />}
      onSave={save}
      onRun={run}
      debug={marks}
      publishInput={() => (bench.parsed.ok ? bench.parsed.events : `Fix the test events before publishing (the server tests the version on them): ${bench.parsed.message}`)}
      tabs={[{ id: 'test', label: 'Test', content: (
            <BenchWithDebugger artifact={artifact} code={editor.code} libraries={libraries ?? []} bench={bench} onRun={run} stack={stack} librariesKey={librariesKey} />
          ),
        },
      ]}
    />
  );
}

/** The test bench with the debugger and profiler: their controls in its toolbar, their panels above it. */
function BenchWithDebugger(props: { artifact: Artifact; code: string; libraries: Artifact[]; bench: TestBenchState; onRun: () => void; stack: StackProps; librariesKey: string }) {
  const { artifact, code, bench } = props;
  const room = useDebugRoom({ transformation: artifact, code, libraries: props.libraries, bench });
  const confidence = useConfidence({ transformation: artifact, code });
  const jump = (line: number, column: number) => props.stack.onJump?.(line, column);
  return (
    <>
      <BreakpointDialog artifactId={artifact.id} />
      <div className="bench-panels">
        <DebugPanels room={room} />
        <ConfidencePanels state={confidence} onJump={jump} actions={{ onJump: jump, onDebug: room.debug, onSaveTest: (event) => bench.savedTests.mustNotThrow(event) }} />
      </div>
      {room.replaced.notice}
      <TestBench
        bench={bench}
        onRun={props.onRun}
        stack={props.stack}
        code={code}
        libraries={props.librariesKey}
        launch={<DebugLaunch room={room} />}
        actions={
          <PopoverButton label="Check" title="Coverage of the saved tests, fuzzing from the schema, the code against the live version on captured events">
            <ConfidenceLaunch state={confidence} />
            {/* Its error shows where it was asked: the popover stays open for it. */}
            <span data-popover-stay>
              <CompareWithLive transformationId={artifact.id} code={code} published={Boolean(artifact.publishedVersionId)} />
            </span>
          </PopoverButton>
        }
      />
    </>
  );
}
